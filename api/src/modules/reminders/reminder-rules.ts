import { daysBetween } from '../../common/time/local-time.js';
import type { ProgramUnlock } from '@fitcoach/contracts';

export interface ReminderLesson {
  id: number;
  number: number;
  title: string;
}

/** What a subscription's reminder says today: the lesson, and whether it opened today; or why none is sent. */
export type LessonOfTheDay =
  | { kind: 'lesson'; lesson: ReminderLesson; opensToday: boolean }
  | { kind: 'nothing-today' }
  | { kind: 'programme-done' };

/**
 * Today's lesson (docs/product.md, Reminders): the first open lesson the member has not completed. A `daily`
 * programme opens lesson n on the member's day n, an `all` programme every lesson on day 1. Nothing before day 1,
 * nor once every open lesson is done; the programme is done once every lesson is.
 */
export function lessonOfTheDay(input: {
  unlock: ProgramUnlock;
  startDate: string;
  today: string;
  lessons: ReminderLesson[];
  completed: ReadonlySet<number>;
}): LessonOfTheDay {
  const pending = input.lessons.filter((lesson) => !input.completed.has(lesson.id));
  if (pending.length === 0) return { kind: 'programme-done' };
  const day = daysBetween(input.startDate, input.today) + 1;
  if (day < 1) return { kind: 'nothing-today' };
  const open = pending
    .filter((lesson) => input.unlock === 'all' || lesson.number <= day)
    .sort((a, b) => a.number - b.number);
  const lesson = open[0];
  if (!lesson) return { kind: 'nothing-today' };
  return { kind: 'lesson', lesson, opensToday: input.unlock === 'daily' && lesson.number === day };
}
