import type { MetaFunction } from '@remix-run/node';
import { PageHeading } from '~/components/layout/page-heading';

export const meta: MetaFunction = () => [{ title: 'Auth Site | Login' }];

export default function LoginRoute() {
  return <PageHeading title="Log In" />;
}
