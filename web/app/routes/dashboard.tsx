import { type LoaderFunctionArgs, redirect } from '@remix-run/node';
import { requireUser } from '~/utils/auth.server';
import { sessionLoader } from '~/utils/route.server';

// docs/product.md §2 shows no screen for /dashboard: the Community menu's "Dashboard" leads to the user's dashboard.
export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  await requireUser(args);
  return redirect('/trainerDashboard');
});
