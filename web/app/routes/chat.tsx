import type { LoaderFunctionArgs } from '@remix-run/node';
import { PageHeading } from '~/components/layout/page-heading';
import { requireUser } from '~/utils/auth.server';
import { sessionLoader } from '~/utils/route.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';

export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  await requireUser(args);
  return null;
});

export default function ChatRoute() {
  return <PageHeading title="Chat" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
