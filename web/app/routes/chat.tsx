import type { LoaderFunctionArgs } from '@remix-run/node';
import { PageHeading } from '~/components/layout/page-heading';
import { requireUser } from '~/utils/auth.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function ChatRoute() {
  return <PageHeading title="Chat" />;
}
