import { DateTime, IANAZone } from 'luxon';

/**
 * A member's calendar: dates (`YYYY-MM-DD`) and clock times (`HH:MM`) in their IANA time zone, turned into instants
 * and back. Luxon does the zone arithmetic, so days across a daylight-saving change are 23 or 25 hours long.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isTimeZone(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 64 && IANAZone.isValidZone(value);
}

export function isLocalDate(value: unknown): value is string {
  return typeof value === 'string' && DATE.test(value) && DateTime.fromISO(value, { zone: 'UTC' }).isValid;
}

export function isClockTime(value: unknown): value is string {
  return typeof value === 'string' && TIME.test(value);
}

/** The date an instant falls on in `zone`. */
export function localDate(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() ?? '';
}

/** The clock time (`HH:MM`) an instant shows in `zone`. */
export function localTime(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat('HH:mm');
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate() ?? '';
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const start = DateTime.fromISO(from, { zone: 'UTC' });
  return Math.round(DateTime.fromISO(to, { zone: 'UTC' }).diff(start, 'days').days);
}

/**
 * The instant a local date's clock shows `time` (`00:00` by default) in `zone`. A time skipped by a
 * daylight-saving change is moved forward by the change, as a wall clock would be.
 */
export function instantAt(date: string, zone: string, time = '00:00'): Date {
  const [hour, minute] = time.split(':').map(Number);
  return DateTime.fromISO(date, { zone }).set({ hour, minute, second: 0, millisecond: 0 }).toJSDate();
}
