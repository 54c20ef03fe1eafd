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
  knownZones ??= [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  return knownZones.includes(current) ? [...knownZones] : [current, ...knownZones];
}

/** The runtime's zones, asked once: the list does not change while it runs. */
let knownZones: string[] | undefined;

/**
 * A formatter per time zone, built on first use: building one costs far more than formatting with it, and a page
 * dates every lesson. Only zones Intl knows get one (it throws for others); Intl also reads their names in any case,
 * so the map stops growing at MAX_KEPT_ZONES.
 */
const DAY_IN_ZONE = new Map<string, Intl.DateTimeFormat>();
const MAX_KEPT_ZONES = 1_000;

/** The date (YYYY-MM-DD) that `instant` falls on in `timeZone`. */
export function dateIn(instant: Date, timeZone: string): string {
  let format = DAY_IN_ZONE.get(timeZone);
  if (format === undefined) {
    // Canadian English writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (DAY_IN_ZONE.size < MAX_KEPT_ZONES) DAY_IN_ZONE.set(timeZone, format);
  }
  return format.format(instant);
}

const READABLE_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A calendar date (YYYY-MM-DD) as people read it: "Sun, 28 Mar 2027". */
export function formatDay(date: string): string {
  return READABLE_DAY.format(new Date(`${date}T00:00:00Z`));
}

/** What each calendar state says, for every reader (the colour only repeats it). */
export const DAY_STATE_LABELS: Record<ScheduleDayState, string> = {
  done: 'Done',
  today: 'Today',
  missed: 'Missed',
  upcoming: 'Upcoming',
};
