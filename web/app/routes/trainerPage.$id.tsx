import type { MetaFunction } from '@remix-run/node';
import { PageHeading } from '~/components/layout/page-heading';

export const meta: MetaFunction = () => [{ title: 'Auth Site | Dashboard' }];

export default function TrainerPageRoute() {
  return <PageHeading title="Trainer" />;
}
