import { type LoaderFunctionArgs, redirect } from '@remix-run/node';
import { requireUser } from '~/utils/auth.server';

// SPEC §2 shows no screen for /dashboard: the Community menu's "Dashboard" leads to the user's dashboard.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect('/trainerDashboard');
}
