import type { MetaFunction } from '@remix-run/node';
import { PageHeading } from '~/components/layout/page-heading';
import { privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction = () => privatePageMeta('Trainer profile', 'Your trainer profile.');

export default function TrainerProfileRoute() {
  return <PageHeading title="Trainer Profile" />;
}
