import { PageHeading } from '~/components/layout/page-heading';

export default function ProgrammesRoute() {
  return <PageHeading title="Find Programmes that Suits Your Goals" />;
}
