import { PageHeading } from '~/components/layout/page-heading';

export default function AdminPendingApprovalsRoute() {
  return <PageHeading title="Programms: Pending Approval" />;
}
