import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { requireSuperuser } from '~/utils/auth.server';
import { sessionLoader } from '~/utils/route.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';

export const meta: MetaFunction = () => [{ title: 'Admin Panel' }];

/*
 * Guards the pages of the admin panel. Remix runs the loaders of nested routes in parallel, so a child route that
 * loads data must call requireSuperuser itself rather than rely on this one.
 */
export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  await requireSuperuser(args);
  return null;
});

export default function AdminLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
