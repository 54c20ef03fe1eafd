import type { ScheduleDayState } from '@fitcoach/contracts';

// A member's schedule on the pages (docs/product.md §2.6 checkout, §2.7 lesson player, §2.8 dashboard): the form's
// defaults, the time zones offered, and dates told in the member's zone.

/** The checkout proposes an evening reminder; the member may empty the field for none. */
export const DEFAULT_REMINDER_TIME = '18:00';

export const DEFAULT_TIME_ZONE = 'UTC';

/** What the schedule form shows: day 1, the reminder time ('' for none) and the time zone. */
export interface ScheduleValues {
  start_date: string;
  reminder_time: string;
  timezone: string;
}

/**
 * The time zones to choose from: UTC, then every zone this runtime knows, and `current` when it is none of them (a
 * zone saved under another of its names). Computed by the loader, so that the browser renders the server's list.
 */
export function timeZoneOptions(current: string = DEFAULT_TIME_ZONE): string[] {
  const zones = [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** The date (YYYY-MM-DD) that `instant` falls on in `timeZone`. */
export function dateIn(instant: Date, timeZone: string): string {
  // Canadian English writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** A calendar date (YYYY-MM-DD) as people read it: "Sun, 28 Mar 2027". */
export function formatDay(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** What each calendar state says, for every reader (the colour only repeats it). */
export const DAY_STATE_LABELS: Record<ScheduleDayState, string> = {
  done: 'Done',
  today: 'Today',
  missed: 'Missed',
  upcoming: 'Upcoming',
};
