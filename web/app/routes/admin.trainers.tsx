import { PageHeading } from '~/components/layout/page-heading';

export default function AdminTrainersRoute() {
  return <PageHeading title="Trainers" />;
}
