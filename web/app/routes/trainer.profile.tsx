import type { MetaFunction } from '@remix-run/node';
import { PageHeading } from '~/components/layout/page-heading';

export const meta: MetaFunction = () => [{ title: 'Get-Fit | Trainer Page' }];

export default function TrainerProfileRoute() {
  return <PageHeading title="Trainer Profile" />;
}
