import { RECORD_DATE_RANGE_DAYS, RECORD_MESSAGES } from '@fitcoach/contracts';
import { fieldError } from '../../common/errors/validation.js';
import { daysBetween, isLocalDate, isTimeZone, localDate } from '../../common/time/local-time.js';

/**
 * The date of a log, a measurement or a photo: the one given (`YYYY-MM-DD`, not after the member's today, at most
 * RECORD_DATE_RANGE_DAYS before it), or the member's today; 400 naming `field` otherwise.
 */
export function recordDate(
  field: string,
  given: string | null | undefined,
  now: Date,
  zone: string | null,
): string {
  const today = localDate(now, zone !== null && isTimeZone(zone) ? zone : 'UTC');
  if (given === undefined || given === null) return today;
  const back = isLocalDate(given) ? daysBetween(given, today) : Number.NaN;
  if (!(back >= 0 && back <= RECORD_DATE_RANGE_DAYS)) throw fieldError(field, RECORD_MESSAGES.date(field));
  return given;
}
