import { EXCERPT_WORDS, PROGRESS_DEGREES_PER_PERCENT } from './limits.js';

export function excerpt(text: string | null | undefined, words: number = EXCERPT_WORDS): string {
  const all = (text ?? '').split(/\s+/).filter((word) => word !== '');
  if (all.length <= words) return all.join(' ');
  return `${all.slice(0, Math.max(0, words)).join(' ')}...`;
}

/** The nearest whole percent, but 100 only when every lesson is done and never 0 once one is (199/200 is 99). */
export function completionPercentage(done: number, total: number): number {
  if (total <= 0 || done <= 0) return 0;
  if (done >= total) return 100;
  return Math.min(99, Math.max(1, Math.round((done * 100) / total)));
}

// NaN (a missing or unparsable percentage) draws an empty circle rather than breaking the CSS.
export function progressDegrees(percent: number): number {
  if (Number.isNaN(percent)) return 0;
  return Math.min(Math.max(percent, 0), 100) * PROGRESS_DEGREES_PER_PERCENT;
}

export function fullName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(' ');
}

export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}
