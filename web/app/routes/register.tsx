import type { MetaFunction } from '@remix-run/node';
import { PageHeading } from '~/components/layout/page-heading';

export const meta: MetaFunction = () => [{ title: 'Auth Site | Register' }];

export default function RegisterRoute() {
  return <PageHeading title="Sign UP" />;
}
