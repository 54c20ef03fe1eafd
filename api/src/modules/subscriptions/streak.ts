import { addDays, daysBetween, localDate } from '../../common/time/local-time.js';

/** A member's run of days with at least one completed lesson, counted in their time zone (docs/product.md). */
export interface Streak {
  /** Consecutive local days ending today, or ending yesterday while today is not over. */
  current: number;
  longest: number;
  /** The latest local date with a completion, or null for none. */
  lastActiveOn: string | null;
  completedToday: boolean;
}

/**
 * The streak of the completions made at `instants`, as seen at `now` in `zone`. A completion after `now` (a
 * clock running ahead) counts on today's date at most, so no streak reaches into the future.
 */
export function streakOf(instants: readonly Date[], zone: string, now: Date): Streak {
  const today = localDate(now, zone);
  const days = [...new Set(instants.map((instant) => localDate(instant, zone)))]
    .filter((day) => day <= today)
    .sort();
  if (days.length === 0) return { current: 0, longest: 0, lastActiveOn: null, completedToday: false };
  let longest = 1;
  let run = 1;
  for (let i = 1; i < days.length; i += 1) {
    run = daysBetween(days[i - 1], days[i]) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const lastActiveOn = days[days.length - 1];
  const completedToday = lastActiveOn === today;
  // `run` is the run ending on the last active day: the current streak unless a whole day has passed without one.
  const current = completedToday || lastActiveOn === addDays(today, -1) ? run : 0;
  return { current, longest, lastActiveOn, completedToday };
}
