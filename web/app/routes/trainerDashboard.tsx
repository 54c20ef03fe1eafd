import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { PageHeading } from '~/components/layout/page-heading';
import { requireUser } from '~/utils/auth.server';

export const meta: MetaFunction = () => [{ title: 'Get-Fit | Trainer Dashboard' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function TrainerDashboardRoute() {
  return <PageHeading title="Trainer Dashboard" />;
}
