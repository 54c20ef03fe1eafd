/*
 * The lesson player's rules that need no server (docs/product.md §2.7 lesson player, §4 progress): which lesson a URL
 * opens, today's lesson and the progress circle. Lessons are identified in URLs by their
 * number (n of `{programId}-{n}`), as the API's `updatelessonProgress` path names them.
 */

/** `?lesson=end`: the page after the last lesson ("Congratulations ...", or what is left). */
export const LESSONS_END = 'end';

/** `?confirm=next`: the "Have you finished the current lesson?" step, rendered by the server without JavaScript. */
export const CONFIRM_NEXT = 'next';

/** The forms of the lesson player, told apart by their `intent` field. */
export const LESSON_INTENTS = {
  /** "Mark as completed": marks the lesson and stays on it. */
  complete: 'complete',
  /** "Yes... Mark Lesson as Completed": marks the lesson and moves on to the next one. */
  next: 'next',
} as const;

export type LessonChoice = number | typeof LESSONS_END;

/** A lesson number or `end` from a URL or form; anything else is null (the default lesson). */
export function parseLessonChoice(value: string | null | undefined): LessonChoice | null {
  if (value === LESSONS_END) return LESSONS_END;
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

/**
 * What the page shows: a lesson (by its position in the ordered list), the end once every lesson is done, what is
 * left when the end is asked for before that, or nothing (no lessons yet).
 */
export type PlayerPosition =
  | { kind: 'lesson'; index: number }
  | { kind: 'end' }
  | { kind: 'unfinished'; next: number }
  | { kind: 'empty' };

/** The position of the first lesson the member has not completed (their lesson for today), or null when all are. */
export function nextLessonIndex(numbers: readonly number[], completed: readonly number[]): number | null {
  const done = new Set(completed);
  const index = numbers.findIndex((number) => !done.has(number));
  return index >= 0 ? index : null;
}

/**
 * The lesson the page opens. A known lesson number is that lesson; `end` is the end for a member who completed every
 * lesson, and what is left for one who did not; anything else is the first lesson the member has not completed (the
 * end when all are), or the first lesson in a preview.
 */
export function choosePosition(
  numbers: readonly number[],
  completed: readonly number[],
  requested: LessonChoice | null,
  preview: boolean,
): PlayerPosition {
  if (numbers.length === 0) return { kind: 'empty' };
  if (typeof requested === 'number') {
    const index = numbers.indexOf(requested);
    if (index >= 0) return { kind: 'lesson', index };
  }
  if (preview) return { kind: 'lesson', index: 0 };
  const next = nextLessonIndex(numbers, completed);
  if (next === null) return { kind: 'end' };
  return requested === LESSONS_END ? { kind: 'unfinished', next } : { kind: 'lesson', index: next };
}

/** A percentage kept within 0..100 and whole. */
export function clampPercentage(percentage: number): number {
  if (!Number.isFinite(percentage)) return 0;
  return Math.round(Math.min(Math.max(percentage, 0), 100));
}

/** docs/product.md §4: the progress circle is percent*3.6 degrees. */
export function progressDegrees(percentage: number): number {
  return clampPercentage(percentage) * 3.6;
}

/** The URL (query string only) of a lesson of the player, optionally with its confirmation step. */
export function lessonSearch(choice: LessonChoice, confirm = false): string {
  const params = new URLSearchParams({ lesson: String(choice) });
  if (confirm) params.set('confirm', CONFIRM_NEXT);
  return `?${params.toString()}`;
}

/** The path of a programme's lesson player, at a lesson when one is given. */
export function lessonPlayerPath(programId: number, choice?: LessonChoice): string {
  return `/programLesson/${programId}${choice === undefined ? '' : lessonSearch(choice)}`;
}

/**
 * The privacy-enhanced YouTube embed of a video (no cookies until the visitor plays it), starting where the
 * trainer's link said (`t=10s` becomes `?start=10`).
 */
export function youtubeEmbedUrl(videoId: string, startSeconds: number | null = null): string {
  const embed = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`;
  return startSeconds ? `${embed}?start=${startSeconds}` : embed;
}
