import type { MetaFunction } from '@remix-run/node';
import { PageHeading } from '~/components/layout/page-heading';

export const meta: MetaFunction = () => [{ title: 'Getfit | Trainer registration' }];

export default function TrainerRegisterRoute() {
  return <PageHeading title="Trainer Registration Form" />;
}
