import { PageHeading } from '~/components/layout/page-heading';

export default function AdminDashboardRoute() {
  return <PageHeading title="Dashboard" />;
}
