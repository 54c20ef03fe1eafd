/** How a programme's lessons open: all on day 1, or lesson n on the member's day n. */
export const PROGRAM_UNLOCKS = ['all', 'daily'] as const;
export type ProgramUnlock = (typeof PROGRAM_UNLOCKS)[number];
export const DEFAULT_PROGRAM_UNLOCK: ProgramUnlock = 'all';

export function isProgramUnlock(value: unknown): value is ProgramUnlock {
  return (PROGRAM_UNLOCKS as readonly unknown[]).includes(value);
}

/**
 * A subscription's schedule: day 1 (`YYYY-MM-DD`), the reminder's clock time (`HH:MM`, null for none) and the IANA
 * time zone both are read in. `today_lesson` is the lesson number the member is on today (null before day 1 or once
 * every open lesson is done); `next_unlock_at` the instant the next locked lesson opens (null when none is locked).
 */
export interface SubscriptionScheduleResponse {
  subscription_id: number;
  start_date: string;
  reminder_time: string | null;
  timezone: string;
  today_lesson: number | null;
  next_unlock_at: string | null;
}

/** `GET`/`PUT /api/users/notification_settings/`. */
export interface NotificationSettingsResponse {
  reminder_emails: boolean;
  push_reminders: boolean;
  push_chat: boolean;
}

/** The reminder job's run: it reads the clock itself, so a run queued late still sends what is due then. */
export type RemindersRunJob = Record<string, never>;

declare module './jobs.js' {
  interface JobPayloads {
    'reminders.run': RemindersRunJob;
  }
}

/** A day of a schedule, as the member sees it: its lesson done, today, missed (past, not done) or upcoming. */
export const SCHEDULE_DAY_STATES = ['done', 'today', 'missed', 'upcoming'] as const;
export type ScheduleDayState = (typeof SCHEDULE_DAY_STATES)[number];

/** Day `day` (1-based) of a schedule falls on `date` (`YYYY-MM-DD`, the member's zone); its lesson, if there is one. */
export interface ScheduleDay {
  day: number;
  date: string;
  lesson_number: number | null;
  state: ScheduleDayState;
}

/** `GET /api/subscriptions/{id}/schedule/`: the schedule and its calendar, one entry per day of the programme. */
export interface SubscriptionScheduleDetailResponse extends SubscriptionScheduleResponse {
  calendar: ScheduleDay[];
}

/** How far ahead (or back) a start date may be chosen, in days from the member's today. */
export const SCHEDULE_START_RANGE_DAYS = 365;

/** The refusals of a schedule and of a lesson not open yet (docs/api.md). */
export const SCHEDULE_MESSAGES = {
  startDate: 'start_date must be a date (YYYY-MM-DD) within a year of today',
  reminderTime: 'reminder_time must be a time (HH:MM) or null',
  timezone: 'timezone must be a time zone such as Europe/Berlin',
  notFound: 'Subscription not found',
  ended: 'This subscription has ended',
  lessonLocked: (date: string) => `This lesson opens on ${date}`,
} as const;
