import type { LessonResponse } from '@fitcoach/contracts';
import { Alert, Stack } from '@mantine/core';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { FormActions, SubmitButton } from '~/components/forms/form-actions';
import { ScheduleFields } from '~/components/schedule/schedule-fields';
import { LessonList } from '~/components/lessons/lesson-list';
import { LessonView } from '~/components/lessons/lesson-view';
import lessonClasses from '~/components/lessons/lessons.module.css';
import { ProgressBar } from '~/components/lessons/progress';
import ui from '~/components/ui/ui.module.css';
import { formatLessons } from '~/utils/catalogue';
import { LESSON_INTENTS, lessonSearch, SCHEDULE_EDIT, SCHEDULE_PARAM } from '~/utils/lessons';
import { MESSAGES } from '~/utils/messages';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import {
  lessonPlayerAction,
  type LessonPlayerData,
  loadLessonPlayer,
  type PlayerSchedule,
} from './lesson-player.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { WorkoutLogForm } from '~/components/workout-log/workout-log-form';
import { WorkoutLogList } from '~/components/workout-log/workout-log-list';
import logClasses from '~/components/workout-log/workout-log.module.css';
import { LOG_INTENTS } from '~/utils/workout-log';
import type { LessonWorkout, WorkoutFormState } from './workout-log.server';
import { errorPageMeta, privatePageMeta } from '~/utils/seo';

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  data
    ? privatePageMeta(
        `${data.program.program_name}: lessons`,
        `The lessons of ${data.program.program_name} and your progress.`,
      )
    : errorPageMeta(error);

export const loader = sessionLoader((args: LoaderFunctionArgs) => loadLessonPlayer(args));

export const action = sessionAction((args: ActionFunctionArgs) => lessonPlayerAction(args));

/*
 * Plain elements with CSS-module classes where the page repeats or nests Mantine components: the page is
 * rendered on the server for every visit (docs/performance.md).
 */

function Finished({ programId }: { programId: number }) {
  return (
    <div className={lessonClasses.finished}>
      <h2 className={lessonClasses.finishedTitle}>{MESSAGES.lessonsFinished}</h2>
      <div className={`${ui.group} ${lessonClasses.centered}`}>
        <Link to="/trainerDashboard?view=subscribed" className={`${ui.button} ${ui.filled}`}>
          Back to my programmes
        </Link>
        <Link to={`/programDetails/${programId}`} className={`${ui.button} ${ui.default}`}>
          Programme details
        </Link>
      </div>
    </div>
  );
}

/** The end asked for before every lesson is done: how many are left, and the way to the first of them. */
function Unfinished({
  lessons,
  completed,
  next,
}: {
  lessons: LessonResponse[];
  completed: number[];
  next: number;
}) {
  const done = new Set(completed);
  const left = lessons.filter((lesson) => !done.has(lesson.number)).length;
  const lesson = lessons[next];
  return (
    <div className={lessonClasses.finished}>
      <h2 className={lessonClasses.finishedTitle}>Not finished yet</h2>
      <p className={lessonClasses.description}>
        You have completed {lessons.length - left} of {formatLessons(lessons.length)}: {formatLessons(left)}{' '}
        to go.
      </p>
      <div className={`${ui.group} ${lessonClasses.centered}`}>
        <Link to={lessonSearch(lesson.number)} className={`${ui.button} ${ui.filled}`}>
          Continue with lesson {next + 1}: {lesson.title}
        </Link>
      </div>
    </div>
  );
}

/** A lesson of a daily programme before its day (docs/product.md §2.7): its title and when it opens, no player. */
function Locked({ lesson, opensOn }: { lesson: LessonResponse; opensOn: string }) {
  return (
    <div className={lessonClasses.view}>
      <h2 className={lessonClasses.lessonTitle}>{lesson.title}</h2>
      <p className={lessonClasses.description}>Opens on {opensOn}.</p>
    </div>
  );
}

function Player({ data }: { data: LessonPlayerData }) {
  const { lessons, member, position, confirming, program, opensOn } = data;
  if (position.kind === 'empty') return <p className={ui.dimmed}>This programme has no lessons yet.</p>;
  if (position.kind === 'end') return <Finished programId={program.id} />;
  if (position.kind === 'unfinished') {
    return <Unfinished lessons={lessons} completed={member?.completed ?? []} next={position.next} />;
  }
  const lesson = lessons[position.index];
  const opens = opensOn[position.index];
  if (opens) return <Locked lesson={lesson} opensOn={opens} />;
  return (
    <LessonView
      lesson={lesson}
      previous={lessons[position.index - 1] ?? null}
      next={lessons[position.index + 1] ?? null}
      member={member ? { completed: member.completed.includes(lesson.number) } : null}
      confirming={confirming}
    />
  );
}

/** "Today: Lesson n", or when the next lesson opens, for a member with a schedule. */
function Today({ schedule }: { schedule: PlayerSchedule }) {
  if (schedule.todayLesson !== null) {
    return <p className={lessonClasses.day}>Today: Lesson {schedule.todayLesson}</p>;
  }
  if (schedule.nextOpensOn) {
    return <p className={lessonClasses.day}>Next lesson opens on {schedule.nextOpensOn}</p>;
  }
  return null;
}

/**
 * The member's start date, reminder time and time zone: a "Change schedule" link that opens the form on the page
 * (`?schedule=edit`, a plain link and form without JavaScript), Cancel closes it.
 */
function ScheduleForm({ schedule }: { schedule: PlayerSchedule }) {
  const [search] = useSearchParams();
  const toggled = new URLSearchParams(search);
  if (!schedule.zones) {
    toggled.set(SCHEDULE_PARAM, SCHEDULE_EDIT);
    return (
      <p className={lessonClasses.schedule}>
        <Link to={`?${toggled.toString()}`}>Change schedule</Link>
      </p>
    );
  }
  toggled.delete(SCHEDULE_PARAM);
  return (
    <section className={lessonClasses.schedule} aria-labelledby="schedule-heading">
      <h2 id="schedule-heading" className={lessonClasses.scheduleTitle}>
        Change schedule
      </h2>
      <Form method="post">
        <input type="hidden" name="intent" value={LESSON_INTENTS.schedule} />
        <input type="hidden" name="subscription" value={schedule.subscriptionId} />
        <Stack gap="sm" mt="sm">
          <ScheduleFields values={schedule.values} zones={schedule.zones} />
          <FormActions submitLabel="Save schedule" cancelLabel="Cancel" cancelTo={`?${toggled.toString()}`} />
        </Stack>
      </Form>
    </section>
  );
}

/** The member's workout form for the lesson and their logs of it, each with Edit and Delete (a confirming step). */
function Workout({
  workout,
  programId,
  lesson,
}: {
  workout: LessonWorkout;
  programId: number;
  lesson: number;
}) {
  const submitted = useActionData<WorkoutFormState>();
  const state = submitted && 'values' in submitted ? submitted : null;
  const here = lessonSearch(lesson);
  return (
    <>
      <WorkoutLogForm
        key={state ? 'submitted' : (workout.values.logId ?? 'new')}
        values={state?.values ?? workout.values}
        errors={state?.errors ?? {}}
        message={state?.message ?? null}
        suggestions={workout.suggestions}
        today={workout.today}
        cancelTo={`/programLesson/${programId}${here}`}
        lesson={lesson}
      />
      {workout.logs.length > 0 ? (
        <section className={logClasses.section} aria-labelledby="logs-heading">
          <h2 id="logs-heading" className={logClasses.heading}>
            Your workouts for this lesson
          </h2>
          <WorkoutLogList
            logs={workout.logs}
            actions={(log) => (
              <>
                <Link to={`${here}&edit=${log.id}`} className={logClasses.link}>
                  Edit
                </Link>
                <details>
                  <summary className={logClasses.link}>Delete</summary>
                  <Form method="post">
                    <input type="hidden" name="lesson" value={lesson} />
                    <input type="hidden" name="log" value={log.id} />
                    <p>Delete the workout of {log.performed_on}? The lesson stays completed.</p>
                    <SubmitButton color="red" name="intent" value={LOG_INTENTS.remove}>
                      Delete this workout
                    </SubmitButton>
                  </Form>
                </details>
              </>
            )}
          />
        </section>
      ) : null}
    </>
  );
}

export default function ProgramLessonRoute() {
  const data = useLoaderData<typeof loader>();
  const { program, member, lessons, position } = data;
  return (
    <div className={`${ui.container} ${lessonClasses.page}`}>
      <div className={lessonClasses.heading}>
        <h1 className={lessonClasses.title}>{program.program_name}</h1>
        <p className={lessonClasses.length}>
          A {program.duration}-day programme with {formatLessons(lessons.length)}
        </p>
        {member ? (
          <div className={`${ui.group} ${lessonClasses.status}`}>
            <p className={lessonClasses.day}>
              {position.kind === 'lesson'
                ? `Lesson ${position.index + 1} of ${lessons.length}`
                : `${member.completed.length} of ${formatLessons(lessons.length)} completed`}
            </p>
            {member.schedule ? <Today schedule={member.schedule} /> : null}
            <div className={lessonClasses.progress}>
              <ProgressBar percentage={member.percentage} label="Lessons completed" />
            </div>
          </div>
        ) : (
          <Alert color="blue" variant="light">
            Preview: subscribers see these lessons with their progress.
          </Alert>
        )}
        {member?.schedule ? <ScheduleForm schedule={member.schedule} /> : null}
      </div>
      <div className={lessonClasses.columns}>
        <LessonList
          lessons={lessons}
          opensOn={data.opensOn}
          completed={member?.completed ?? []}
          currentIndex={position.kind === 'lesson' ? position.index : null}
          todayIndex={member?.todayIndex ?? null}
        />
        <div>
          <Player data={data} />
          {data.workout && position.kind === 'lesson' ? (
            <Workout workout={data.workout} programId={program.id} lesson={lessons[position.index].number} />
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
