import { type LoaderFunctionArgs, redirect } from '@remix-run/node';
import { requireSuperuser } from '~/utils/auth.server';

export async function loader({ request }: LoaderFunctionArgs) {
  // Runs in parallel with the admin layout's guard, so it checks too: otherwise its redirect could win the race.
  await requireSuperuser(request);
  return redirect('/admin/dashboard');
}
