import type { MetaFunction } from '@remix-run/node';
import { PageHeading } from '~/components/layout/page-heading';

export const meta: MetaFunction = () => [{ title: 'Auth Site | Dashboard' }];

export default function ProgrammeDetailsRoute() {
  return <PageHeading title="Program Description" />;
}
