import { type LoaderFunctionArgs, redirect } from '@remix-run/node';
import { requireSuperuser } from '~/utils/auth.server';
import { sessionLoader } from '~/utils/route.server';

export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  // Runs in parallel with the admin layout's guard, so it checks too: otherwise its redirect could win the race.
  await requireSuperuser(args);
  return redirect('/admin/settings/activity');
});
