import type { NotificationSettingsResponse } from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { api } from './api/endpoints.server';
import { NOTIFICATION_SWITCHES } from './notification-settings';
import { redirectWithToast } from './toast.server';

const PROFILE = '/userProfile';

/** The account's switches, or null when the API could not give them (the section then says so). */
export async function loadNotificationSettings(
  args: LoaderFunctionArgs,
): Promise<NotificationSettingsResponse | null> {
  const result = await api.notificationSettings(args);
  return result.ok ? result.data : null;
}

/** A checkbox is sent only when checked: every switch not in the form is off. */
export async function saveNotificationSettings(args: ActionFunctionArgs, form: FormData | undefined) {
  const settings = Object.fromEntries(
    NOTIFICATION_SWITCHES.map(({ name }) => [name, form?.get(name) === 'on']),
  ) as unknown as NotificationSettingsResponse;
  const result = await api.updateNotificationSettings(args, settings);
  const toast = result.ok
    ? { type: 'success' as const, message: 'Your notification settings are saved.' }
    : { type: 'error' as const, message: result.error.message };
  return redirectWithToast(PROFILE, toast, args.request);
}
