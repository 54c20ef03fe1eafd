import type { LessonResponse } from '@fitcoach/contracts';
import { Link } from '@remix-run/react';
import { lessonSearch } from '~/utils/lessons';
import classes from './lessons.module.css';

interface LessonListProps {
  lessons: LessonResponse[];
  /** Per lesson, the day a locked one opens (shown instead of a link), else null. */
  opensOn: (string | null)[];
  completed: number[];
  currentIndex: number | null;
  todayIndex: number | null;
}

/** docs/product.md §2 'Program Lessons' sidebar: a <details> element, so it collapses without JavaScript. */
export function LessonList({ lessons, opensOn, completed, currentIndex, todayIndex }: LessonListProps) {
  const done = new Set(completed);
  return (
    <nav aria-labelledby="program-lessons" className={classes.panel}>
      <details open className={classes.sidebar}>
        <summary>
          <h2 id="program-lessons" className={classes.summaryTitle}>
            Program Lessons
          </h2>
        </summary>
        <ol className={classes.list}>
          {lessons.map((lesson, index) => {
            const isDone = done.has(lesson.number);
            const isToday = index === todayIndex;
            const opens = opensOn[index];
            if (opens) {
              return (
                <li key={lesson.id} className={`${classes.lesson} ${classes.locked}`}>
                  <span aria-hidden="true" className={classes.tick} />
                  <span>{lesson.title}</span>
                  <span className={classes.opens}>Opens on {opens}</span>
                </li>
              );
            }
            return (
              <li key={lesson.id}>
                <Link
                  to={lessonSearch(lesson.number)}
                  aria-current={index === currentIndex ? 'page' : undefined}
                  className={isToday ? `${classes.lesson} ${classes.today}` : classes.lesson}
                >
                  <span aria-hidden="true" className={classes.tick}>
                    {isDone ? '✓' : ''}
                  </span>
                  <span>{lesson.title}</span>
                  {isDone ? <span className={classes.hidden}>(completed)</span> : null}
                  {isToday ? <span className={classes.badge}>Today</span> : null}
                </Link>
              </li>
            );
          })}
        </ol>
      </details>
    </nav>
  );
}
