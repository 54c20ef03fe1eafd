import { PageHeading } from '~/components/layout/page-heading';

export default function FindTrainerRoute() {
  return <PageHeading title="Meet Trainers That Push You To Your LImits" />;
}
