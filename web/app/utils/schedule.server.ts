import type { ScheduleDto } from '@fitcoach/contracts';
import { textField } from '~/utils/validation';

/** A submitted schedule form, as `PUT /api/subscriptions/{id}/schedule/` takes it; an empty reminder time is none. */
export function scheduleFromForm(form: FormData): ScheduleDto {
  const reminder = textField(form, 'reminder_time');
  return {
    start_date: textField(form, 'start_date'),
    reminder_time: reminder === '' ? null : reminder,
    timezone: textField(form, 'timezone'),
  };
}

/** A schedule kept in the pending-order cookie (utils/checkout.server.ts), or null when the value is not one. */
export function parseSchedule(value: unknown): ScheduleDto | null {
  if (typeof value !== 'object' || value === null) return null;
  const { start_date, reminder_time, timezone } = value as Record<string, unknown>;
  if (typeof start_date !== 'string' || typeof timezone !== 'string') return null;
  if (reminder_time !== null && typeof reminder_time !== 'string') return null;
  return { start_date, reminder_time, timezone };
}
