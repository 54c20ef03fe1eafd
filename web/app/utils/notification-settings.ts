import type { NotificationSettingsResponse } from '@fitcoach/contracts';

/** The profile's notification switches (docs/product.md §2.9), in the order shown. */
export const NOTIFICATION_SWITCHES: {
  name: keyof NotificationSettingsResponse;
  label: string;
  description: string;
}[] = [
  {
    name: 'reminder_emails',
    label: 'Lesson reminder e-mails',
    description: "One e-mail a day at your reminder time when today's lesson is waiting.",
  },
  {
    name: 'push_reminders',
    label: 'Lesson reminders on this device',
    description: 'The same reminder as a push notification, on the devices where you turned push on.',
  },
  {
    name: 'push_chat',
    label: 'Chat messages on this device',
    description: 'A push notification when someone writes to you while the site is closed.',
  },
];

/** Where the section's form posts (routes/userProfile.notifications.tsx). */
export const NOTIFICATIONS_ACTION = '/userProfile/notifications';
