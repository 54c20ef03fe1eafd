import { PageHeading } from '~/components/layout/page-heading';

export default function AdminProgrammesRoute() {
  return <PageHeading title="Programms" />;
}
