import { type ActionFunctionArgs, redirect } from '@remix-run/node';
import { requireUser } from '~/utils/auth.server';
import { readForm } from '~/utils/multipart.server';
import { saveNotificationSettings } from '~/utils/notification-settings.server';
import { sessionAction } from '~/utils/route.server';

// The profile's "Notifications" form posts here; the switches themselves are on the profile page.
export function loader() {
  return redirect('/userProfile');
}

export const action = sessionAction(async (args: ActionFunctionArgs) => {
  await requireUser(args);
  return saveNotificationSettings(args, (await readForm(args.request))?.form);
});
