import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ProfileView } from '~/components/profile/profile-view';
import { ACCOUNT_INTENTS } from '~/utils/account-security';
import { api } from '~/utils/api/endpoints.server';
import { changePassword, loadDevices } from '~/utils/account-security.server';
import { requireUser } from '~/utils/auth.server';
import { readForm } from '~/utils/multipart.server';
import { loadNotificationSettings } from '~/utils/notification-settings.server';
import { loadProfile, updateProfile } from '~/utils/profile.server';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { rangeFrom } from '~/utils/record';
import { dateIn } from '~/utils/schedule';
import { privatePageMeta } from '~/utils/seo';
import { textField } from '~/utils/validation';

export const meta: MetaFunction = () =>
  privatePageMeta('Your profile', 'Your account, your picture and your body stats.');

export const loader = sessionLoader(async (args: LoaderFunctionArgs) => {
  const [profile, devices, notifications, measurements] = await Promise.all([
    loadProfile(args),
    loadDevices(args),
    loadNotificationSettings(args),
    api.measurements(args, { from: rangeFrom('1y', dateIn(new Date(), 'UTC')) }),
  ]);
  return { ...profile, devices, notifications, measurements: measurements.ok ? measurements.data : null };
});

// The session is checked before the body is read: an anonymous upload goes to the login page unread.
export const action = sessionAction(async (args: ActionFunctionArgs) => {
  await requireUser(args);
  const submitted = await readForm(args.request);
  if (submitted && textField(submitted.form, 'intent') === ACCOUNT_INTENTS.changePassword)
    return changePassword(args, submitted.form);
  return updateProfile(args, submitted);
});

export default function UserProfileRoute() {
  const { user, editing, trainer, trainerUnavailable, devices, notifications, measurements } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <ProfileView
      user={user}
      editing={editing}
      result={result}
      trainer={trainer}
      trainerUnavailable={trainerUnavailable}
      devices={devices}
      notifications={notifications}
      measurements={measurements}
    />
  );
}
