import type {
  ProgramUnlock,
  ScheduleDay,
  ScheduleDayState,
  SubscriptionScheduleResponse,
} from '@fitcoach/contracts';
import { addDays, instantAt, localDate } from '../../common/time/local-time.js';

/*
 * The rules of a subscription's schedule (docs/decisions/058-lessons-on-a-schedule.md), pure: day n of a schedule is
 * the member's local date start_date + n - 1, and in a daily programme lesson n opens at that day's local midnight.
 */

/** Where a subscription's days are counted: its day 1 and the member's time zone. */
export interface Schedule {
  startDate: string;
  timezone: string;
}

/** A programme's lessons as a member's schedule reads them: how they open, their numbers and those the member did. */
export interface ProgrammeDays {
  unlock: ProgramUnlock;
  lessonNumbers: readonly number[];
  completed: readonly number[];
}

/** The instant lesson `lessonNumber` opens: local midnight of day n for a daily programme, null (always open) else. */
export function unlocksAt(schedule: Schedule, unlock: ProgramUnlock, lessonNumber: number): Date | null {
  if (unlock !== 'daily') return null;
  return instantAt(addDays(schedule.startDate, lessonNumber - 1), schedule.timezone, '00:00');
}

/** The instant the lesson opens when that is still to come, null when it is open at `now`. */
export function lockedUntil(
  schedule: Schedule,
  unlock: ProgramUnlock,
  lessonNumber: number,
  now: Date,
): Date | null {
  const at = unlocksAt(schedule, unlock, lessonNumber);
  return at !== null && at > now ? at : null;
}

function byNumber(numbers: readonly number[]): number[] {
  return [...numbers].sort((a, b) => a - b);
}

/** The first lesson by number that is open and not done: null before day 1 or once every open lesson is done. */
export function todayLesson(schedule: Schedule, programme: ProgrammeDays, now: Date): number | null {
  const done = new Set(programme.completed);
  const open = byNumber(programme.lessonNumbers).find(
    (n) => !done.has(n) && lockedUntil(schedule, programme.unlock, n, now) === null,
  );
  return open ?? null;
}

/** The earliest instant after `now` at which a lesson opens, null when none is locked. */
export function nextUnlockAt(schedule: Schedule, programme: ProgrammeDays, now: Date): Date | null {
  for (const n of byNumber(programme.lessonNumbers)) {
    const at = lockedUntil(schedule, programme.unlock, n, now);
    if (at !== null) return at;
  }
  return null;
}

/**
 * One entry per day 1..the highest lesson number: its date, its lesson (null on a day without one) and its state:
 * done (its lesson completed), today (the member's local today), missed (past, not done), upcoming (future).
 */
export function calendar(schedule: Schedule, programme: ProgrammeDays, now: Date): ScheduleDay[] {
  const lessons = new Set(programme.lessonNumbers);
  const done = new Set(programme.completed);
  const today = localDate(now, schedule.timezone);
  const days = Math.max(0, ...programme.lessonNumbers);
  return Array.from({ length: days }, (_, i) => {
    const day = i + 1;
    const date = addDays(schedule.startDate, i);
    const lessonNumber = lessons.has(day) ? day : null;
    let state: ScheduleDayState;
    if (lessonNumber !== null && done.has(lessonNumber)) state = 'done';
    else if (date === today) state = 'today';
    else state = date < today ? 'missed' : 'upcoming';
    return { day, date, lesson_number: lessonNumber, state };
  });
}

/**
 * The first instant after `now` whose local clock in `timezone` shows `reminderTime` on a date on or after
 * `startDate`; null without a reminder time. Stored as `next_reminder_at`, so that the reminder job reads one index
 * range instead of every subscription's zone.
 */
export function nextReminderAt(
  startDate: string,
  reminderTime: string | null,
  timezone: string,
  now: Date,
): Date | null {
  if (reminderTime === null) return null;
  const today = localDate(now, timezone);
  const first = startDate > today ? startDate : today;
  const at = instantAt(first, timezone, reminderTime);
  return at > now ? at : instantAt(addDays(first, 1), timezone, reminderTime);
}

/** A subscription's schedule as the API answers it. */
export function scheduleResponse(
  subscription: Schedule & { id: number; reminderTime: string | null },
  programme: ProgrammeDays,
  now: Date,
): SubscriptionScheduleResponse {
  return {
    subscription_id: subscription.id,
    start_date: subscription.startDate,
    reminder_time: subscription.reminderTime,
    timezone: subscription.timezone,
    today_lesson: todayLesson(subscription, programme, now),
    next_unlock_at: nextUnlockAt(subscription, programme, now)?.toISOString() ?? null,
  };
}

/** A subscription's schedule; a row from before schedules existed starts on the UTC date it was opened. */
export function scheduleOf(subscription: {
  startDate: string | null;
  timezone: string;
  startedAt: Date;
}): Schedule {
  return {
    startDate: subscription.startDate ?? localDate(subscription.startedAt, 'UTC'),
    timezone: subscription.timezone,
  };
}
