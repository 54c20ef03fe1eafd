import type { LessonResponse } from '@fitcoach/contracts';
import { Badge, Group, NavLink, Paper, Title, VisuallyHidden } from '@mantine/core';
import { Link } from '@remix-run/react';
import { lessonSearch } from '~/utils/lessons';
import classes from './lessons.module.css';

interface LessonListProps {
  lessons: LessonResponse[];
  /** The lesson numbers the member completed (ticked). */
  completed: number[];
  /** The position of the open lesson, if a lesson is open. */
  currentIndex: number | null;
  /** The position of today's lesson (highlighted), for a member. */
  todayIndex: number | null;
}

/**
 * SPEC §2: the collapsible 'Program Lessons' sidebar, listing the lesson titles in order with a tick on the
 * completed ones. A <details> element collapses without JavaScript.
 */
export function LessonList({ lessons, completed, currentIndex, todayIndex }: LessonListProps) {
  const done = new Set(completed);
  return (
    <Paper withBorder p="sm" component="nav" aria-labelledby="program-lessons">
      <details open className={classes.sidebar}>
        <summary>
          <Title order={2} size="h4" id="program-lessons" className={classes.summaryTitle}>
            Program Lessons
          </Title>
        </summary>
        <ol className={classes.list}>
          {lessons.map((lesson, index) => {
            const isDone = done.has(lesson.number);
            const isToday = index === todayIndex;
            return (
              <li key={lesson.id}>
                <NavLink
                  component={Link}
                  to={lessonSearch(lesson.number)}
                  active={index === currentIndex}
                  aria-current={index === currentIndex ? 'page' : undefined}
                  className={isToday ? classes.today : undefined}
                  label={
                    <Group gap={6} wrap="nowrap">
                      <span aria-hidden="true" className={classes.tick}>
                        {isDone ? '✓' : ''}
                      </span>
                      <span>{lesson.title}</span>
                      {isDone ? <VisuallyHidden>(completed)</VisuallyHidden> : null}
                      {isToday ? (
                        <Badge size="xs" variant="light">
                          Today
                        </Badge>
                      ) : null}
                    </Group>
                  }
                />
              </li>
            );
          })}
        </ol>
      </details>
    </Paper>
  );
}
