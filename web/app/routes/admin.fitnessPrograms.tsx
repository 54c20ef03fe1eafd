import { PageHeading } from '~/components/layout/page-heading';

export default function AdminProgramsRoute() {
  return <PageHeading title="Programms" />;
}
