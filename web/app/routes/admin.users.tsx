import { PageHeading } from '~/components/layout/page-heading';

export default function AdminUsersRoute() {
  return <PageHeading title="Users" />;
}
