import type { WorkoutLogResponse } from '@fitcoach/contracts';
import type { ReactNode } from 'react';
import { describeSet } from '~/utils/workout-log';
import classes from './workout-log.module.css';

/** A list of workout logs, newest first, each with its sets, effort, note and the trainers' comments. */
export function WorkoutLogList({
  logs,
  actions,
  showLesson = false,
}: {
  logs: WorkoutLogResponse[];
  /** What may be done with each log (edit, delete, comment), rendered under it. */
  actions?: (log: WorkoutLogResponse) => ReactNode;
  /** Name the programme and lesson of each log (lists across lessons). */
  showLesson?: boolean;
}) {
  return (
    <ol className={classes.logs}>
      {logs.map((log) => (
        <li key={log.id} className={classes.log}>
          <p className={classes.logTitle}>
            <time dateTime={log.performed_on}>{log.performed_on}</time>
            {showLesson
              ? `: ${log.program ? `${log.program.name}, ` : ''}lesson ${log.lesson_number.split('-').at(-1)} (${log.lesson_title})`
              : null}
          </p>
          <p className={classes.meta}>
            {log.set_count} {log.set_count === 1 ? 'set' : 'sets'}
            {log.volume_kg > 0 ? `, ${log.volume_kg} kg lifted in all` : ''}
            {log.effort !== null ? `, effort ${log.effort} of 10` : ''}
          </p>
          {log.exercises.length > 0 ? (
            <ul className={classes.exerciseList}>
              {log.exercises.map((exercise, e) => (
                <li key={e}>
                  {exercise.name}
                  {exercise.sets.length > 0 ? `: ${exercise.sets.map(describeSet).join('; ')}` : ''}
                </li>
              ))}
            </ul>
          ) : null}
          {log.note ? <p>{log.note}</p> : null}
          {log.comments.map((comment) => (
            <p key={comment.id} className={classes.comment}>
              <strong>{comment.sender.name}:</strong> {comment.text}
            </p>
          ))}
          {actions ? <div className={classes.actions}>{actions(log)}</div> : null}
        </li>
      ))}
    </ol>
  );
}
