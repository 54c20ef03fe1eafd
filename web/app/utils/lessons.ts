// docs/product.md §2.7 and §4; lessons are named in URLs by their number, as the API's `updatelessonProgress` path.

/** `?lesson=end`: the page after the last lesson ("Congratulations ...", or what is left). */
export const LESSONS_END = 'end';

/** `?confirm=next`: the "Have you finished the current lesson?" step, rendered by the server without JavaScript. */
export const CONFIRM_NEXT = 'next';
/** `?schedule=edit` opens the lesson player's schedule form. */
export const SCHEDULE_PARAM = 'schedule';
export const SCHEDULE_EDIT = 'edit';

export const LESSON_INTENTS = {
  /** "Mark as completed": marks the lesson and stays on it. */
  complete: 'complete',
  /** "Yes... Mark Lesson as Completed": marks the lesson and moves on to the next one. */
  next: 'next',
  /** "Save schedule": the member's start date, reminder time and time zone. */
  schedule: 'schedule',
} as const;

export type LessonChoice = number | typeof LESSONS_END;

/** A lesson number or `end` from a URL or form; anything else is null (the default lesson). */
export function parseLessonChoice(value: string | null | undefined): LessonChoice | null {
  if (value === LESSONS_END) return LESSONS_END;
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

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

/** A known lesson number, `end` (what is left while unfinished), else the first not completed (a preview's first). */
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

export function clampPercentage(percentage: number): number {
  if (!Number.isFinite(percentage)) return 0;
  return Math.round(Math.min(Math.max(percentage, 0), 100));
}

/** docs/product.md §4: the progress circle is percent*3.6 degrees. */
export function progressDegrees(percentage: number): number {
  return clampPercentage(percentage) * 3.6;
}

export function lessonSearch(choice: LessonChoice, confirm = false): string {
  const params = new URLSearchParams({ lesson: String(choice) });
  if (confirm) params.set('confirm', CONFIRM_NEXT);
  return `?${params.toString()}`;
}

export function lessonPlayerPath(programId: number, choice?: LessonChoice): string {
  return `/programLesson/${programId}${choice === undefined ? '' : lessonSearch(choice)}`;
}

/** The privacy-enhanced embed (no cookies until played), starting where the link said (`t=10s` is `?start=10`). */
export function youtubeEmbedUrl(videoId: string, startSeconds: number | null = null): string {
  const embed = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`;
  return startSeconds ? `${embed}?start=${startSeconds}` : embed;
}
