import type { FollowedProgram, LessonResponse, ProgramResponse, UserResponse } from '@fitcoach/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { requireUser } from '~/utils/auth.server';
import { parseId } from '~/utils/catalogue';
import {
  CONFIRM_NEXT,
  choosePosition,
  clampPercentage,
  LESSON_INTENTS,
  type LessonChoice,
  lessonPlayerPath,
  parseLessonChoice,
  type PlayerPosition,
  nextLessonIndex,
  SCHEDULE_EDIT,
  SCHEDULE_PARAM,
} from '~/utils/lessons';
import { dataOrThrow, invariantResponse } from '~/utils/invariant';
import { MESSAGES } from '~/utils/messages';
import { readForm } from '~/utils/multipart.server';
import { dateIn, formatDay, type ScheduleValues, timeZoneOptions } from '~/utils/schedule';
import { scheduleFromForm } from '~/utils/schedule.server';
import type { RouteArgs } from '~/utils/session.server';
import { redirectWithToast } from '~/utils/toast.server';
import { textField } from '~/utils/validation';
import { isWorkoutIntent, type LessonWorkout, loadLessonWorkout, workoutAction } from './workout-log.server';

/*
 * The lesson player's loader and action (docs/product.md §2.7 lesson player, §4 progress). Who may watch is the
 * API's rule, which the programme's `can_watch` tells (an active subscriber, the owner trainer and superusers):
 * the member's player for a subscriber, a preview without progress for the others who may watch, the details
 * page for everyone else.
 */

function programId(args: LoaderFunctionArgs | ActionFunctionArgs): number {
  const id = parseId(args.params.id);
  invariantResponse(id !== null, 'Not Found', { status: 404 });
  return id;
}

interface Progress {
  percentage: number;
  completed: number[];
}

/**
 * The member's progress in the programme, or null when they have no active subscription to it (an unpublished
 * programme they cannot see included: the API answers 404).
 */
async function subscription(args: RouteArgs, user: UserResponse, id: number): Promise<Progress | null> {
  const result = await api.lessonProgress(args, user.id, id);
  if (!result.ok && result.status === 404) return null;
  const { progress_percentage, completed_lessons, subscribed_on } = dataOrThrow(result);
  if (!subscribed_on) return null;
  return {
    percentage: clampPercentage(progress_percentage),
    completed: completed_lessons ?? [],
  };
}

/** The member's schedule of the programme (docs/product.md §2.7), and the form that changes it. */
export interface PlayerSchedule {
  subscriptionId: number;
  values: ScheduleValues;
  /**
   * The time zones to choose from, only while the form is open (`?schedule=edit`): four hundred options would
   * otherwise be a third of every lesson page's bytes.
   */
  zones: string[] | null;
  /** The lesson the API says is today's, by number; null before day 1 or once every open lesson is done. */
  todayLesson: number | null;
  /** When the next locked lesson opens, as a date in the member's zone; null when none is locked. */
  nextOpensOn: string | null;
}

export interface MemberState extends Progress {
  /** The position of today's lesson in the list, highlighted there; null when there is none today. */
  todayIndex: number | null;
  /** Null when the API did not list the subscription (then the page works as before schedules). */
  schedule: PlayerSchedule | null;
}

export interface LessonPlayerData {
  program: Pick<ProgramResponse, 'id' | 'program_name' | 'duration'>;
  lessons: LessonResponse[];
  /** For each lesson, the day it opens ("Sun, 28 Mar 2027") while it is locked to the member, else null. */
  opensOn: (string | null)[];
  /** Null in a preview (owner or superuser): no progress, no marking. */
  member: MemberState | null;
  position: PlayerPosition;
  /** The "Have you finished the current lesson?" step is open. */
  confirming: boolean;
  /** The member's workout form and logs of the lesson shown, when it is open to them. */
  workout: LessonWorkout | null;
}

export async function loadLessonPlayer(args: LoaderFunctionArgs): Promise<LessonPlayerData> {
  const user = await requireUser(args);
  const id = programId(args);
  // Asked together: the subscriber's page, the common one, waits for one round of API calls. A followed programme
  // comes with the schedule; the programme alone is asked for only by others (its owner's or a superuser's preview).
  const [followed, lessonsResult, schedule] = await Promise.all([
    subscription(args, user, id),
    api.lessons(args, id),
    followedProgram(args, id),
  ]);
  const program = schedule ?? dataOrThrow(await api.program(args, id));
  if (!followed && !('can_watch' in program && program.can_watch)) {
    throw await redirectWithToast(
      `/programDetails/${id}`,
      { type: 'info', message: MESSAGES.subscribeToView },
      args.request,
    );
  }
  const lessons = dataOrThrow(lessonsResult);

  const search = new URL(args.request.url).searchParams;
  const numbers = lessons.map((lesson) => lesson.number);
  const position = choosePosition(
    numbers,
    followed?.completed ?? [],
    parseLessonChoice(search.get('lesson')),
    followed === null,
  );
  let member: MemberState | null = null;
  if (followed) {
    const { percentage, completed } = followed;
    const todayIndex = schedule
      ? indexOrNull(numbers, schedule.today_lesson)
      : nextLessonIndex(numbers, completed);
    const editing = search.get(SCHEDULE_PARAM) === SCHEDULE_EDIT;
    member = { percentage, completed, todayIndex, schedule: schedule && playerSchedule(schedule, editing) };
  }
  const zone = schedule?.timezone ?? 'UTC';
  const opensOn = lessons.map((lesson) =>
    lesson.unlocks_at ? formatDay(dateIn(new Date(lesson.unlocks_at), zone)) : null,
  );
  const current = position.kind === 'lesson' ? lessons[position.index] : undefined;
  const confirming =
    member !== null &&
    current !== undefined &&
    !member.completed.includes(current.number) &&
    search.get('confirm') === CONFIRM_NEXT;
  const open = current !== undefined && opensOn[position.kind === 'lesson' ? position.index : -1] === null;
  const workout =
    member && current && open
      ? await loadLessonWorkout(args, id, current, dateIn(new Date(), zone), parseId(search.get('edit')))
      : null;
  const { program_name, duration } = program;
  return { program: { id, program_name, duration }, lessons, opensOn, member, position, confirming, workout };
}

/** The member's followed programme `id` with its schedule, or null (not followed, or the API did not answer). */
async function followedProgram(args: RouteArgs, id: number): Promise<FollowedProgram | null> {
  const result = await api.followedPrograms(args, { program: id });
  if (!result.ok) return null;
  return result.data.flatMap((entry) => entry.program).find((program) => program.id === id) ?? null;
}

function indexOrNull(numbers: readonly number[], number: number | null): number | null {
  const index = number === null ? -1 : numbers.indexOf(number);
  return index >= 0 ? index : null;
}

function playerSchedule(followed: FollowedProgram, editing: boolean): PlayerSchedule {
  return {
    subscriptionId: followed.subscription_id,
    values: {
      start_date: followed.start_date,
      reminder_time: followed.reminder_time ?? '',
      timezone: followed.timezone,
    },
    zones: editing ? timeZoneOptions(followed.timezone) : null,
    todayLesson: followed.today_lesson,
    nextOpensOn: followed.next_unlock_at
      ? formatDay(dateIn(new Date(followed.next_unlock_at), followed.timezone))
      : null,
  };
}

/** The schedule form: the member's own subscription (the API refuses any other), then back to the player. */
async function changeSchedule(args: ActionFunctionArgs, id: number, form: FormData): Promise<Response> {
  const subscriptionId = parseId(textField(form, 'subscription'));
  invariantResponse(subscriptionId !== null, MESSAGES.invalidInput);
  const result = await api.updateSchedule(args, subscriptionId, scheduleFromForm(form));
  return redirectWithToast(
    lessonPlayerPath(id),
    result.ok
      ? { type: 'success', message: MESSAGES.scheduleSaved }
      : { type: 'error', message: result.error.message },
    args.request,
  );
}

/**
 * "Mark as completed" stays on the lesson; "Yes... Mark Lesson as Completed" moves on to the lesson the form
 * names as the next (or the end). Either way post/redirect/get with the API's message: a success toast, or the
 * information message of docs/product.md §8 for a refusal (the lesson stays open, nothing moves on).
 */
export async function lessonPlayerAction(args: ActionFunctionArgs) {
  await requireUser(args);
  const id = programId(args);
  const submitted = await readForm(args.request);
  invariantResponse(submitted, MESSAGES.invalidInput);
  const { form } = submitted;
  const intent = textField(form, 'intent');
  if (intent === LESSON_INTENTS.schedule) return changeSchedule(args, id, form);
  if (isWorkoutIntent(intent)) return workoutAction(args, id, form, intent);
  const lesson = parseLessonChoice(textField(form, 'lesson'));
  invariantResponse(
    typeof lesson === 'number' && (intent === LESSON_INTENTS.complete || intent === LESSON_INTENTS.next),
    MESSAGES.invalidInput,
  );
  const result = await api.completeLesson(args, id, lesson);
  if (!result.ok) {
    return redirectWithToast(
      lessonPlayerPath(id, lesson),
      { type: 'info', message: result.error.message },
      args.request,
    );
  }
  const next: LessonChoice =
    intent === LESSON_INTENTS.next ? (parseLessonChoice(textField(form, 'next')) ?? lesson) : lesson;
  return redirectWithToast(
    lessonPlayerPath(id, next),
    { type: 'success', message: result.data.message },
    args.request,
  );
}
