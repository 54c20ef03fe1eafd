import { PageHeading } from '~/components/layout/page-heading';

export default function VerifyEmailRoute() {
  return <PageHeading title="Email verification" />;
}
