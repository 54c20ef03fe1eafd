import { type ActionFunctionArgs, redirect } from '@remix-run/node';
import { signOutDevices } from '~/utils/account-security.server';
import { requireUser } from '~/utils/auth.server';
import { readForm } from '~/utils/multipart.server';
import { sessionAction } from '~/utils/route.server';

// The profile's "Signed-in devices" forms post here; the list itself is on the profile page.
export function loader() {
  return redirect('/userProfile');
}

export const action = sessionAction(async (args: ActionFunctionArgs) => {
  await requireUser(args);
  return signOutDevices(args, (await readForm(args.request))?.form);
});
