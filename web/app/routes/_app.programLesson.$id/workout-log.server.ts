import type { WorkoutLogResponse } from '@fitcoach/contracts';
import { type ActionFunctionArgs, data } from '@remix-run/node';
import { api } from '~/utils/api/endpoints.server';
import { parseId } from '~/utils/catalogue';
import { dataOrThrow, invariantResponse } from '~/utils/invariant';
import { lessonPlayerPath, parseLessonChoice } from '~/utils/lessons';
import { MESSAGES } from '~/utils/messages';
import type { RouteArgs } from '~/utils/session.server';
import { redirectWithToast } from '~/utils/toast.server';
import { apiFieldErrors, type FieldErrors, textField } from '~/utils/validation';
import {
  blankWorkout,
  LOG_INTENTS,
  readWorkoutForm,
  suggestedExercises,
  type WorkoutFormValues,
  workoutBody,
  workoutOf,
} from '~/utils/workout-log';

/** The workout form of a lesson and the member's logs of it (docs/product.md §2.7). */
export interface LessonWorkout {
  logs: WorkoutLogResponse[];
  /** What the form shows when no submission came back: a blank form, or the log `?edit=` names. */
  values: WorkoutFormValues;
  suggestions: string[];
  today: string;
}

/** What a submission that did not save sends back: the form as typed, with the API's refusal. */
export interface WorkoutFormState {
  values: WorkoutFormValues;
  errors: FieldErrors;
  message: string | null;
}

export async function loadLessonWorkout(
  args: RouteArgs,
  programId: number,
  lesson: { number: number; description: string | null },
  today: string,
  editId: number | null,
): Promise<LessonWorkout> {
  const logs = dataOrThrow(await api.lessonLogs(args, programId, lesson.number));
  const suggestions = suggestedExercises(lesson.description);
  const editing = editId === null ? undefined : logs.find((log) => log.id === editId);
  return {
    logs,
    suggestions,
    today,
    values: editing ? workoutOf(editing) : blankWorkout(today, suggestions),
  };
}

export function isWorkoutIntent(intent: string): boolean {
  return (Object.values(LOG_INTENTS) as string[]).includes(intent);
}

/**
 * The workout form's submissions: more rows (the form again, as typed), a save (a new log, or the one being
 * edited) and a deletion, each back on the lesson with a message.
 */
export async function workoutAction(
  args: ActionFunctionArgs,
  programId: number,
  form: FormData,
  intent: string,
) {
  const lesson = parseLessonChoice(textField(form, 'lesson'));
  invariantResponse(typeof lesson === 'number', MESSAGES.invalidInput);
  const back = lessonPlayerPath(programId, lesson);
  if (intent === LOG_INTENTS.remove) {
    const id = parseId(textField(form, 'log'));
    invariantResponse(id !== null, MESSAGES.invalidInput);
    const result = await api.deleteLog(args, id);
    return redirectWithToast(
      back,
      result.ok
        ? { type: 'success', message: 'Workout deleted' }
        : { type: 'error', message: result.error.message },
      args.request,
    );
  }
  const values = readWorkoutForm(form, intent);
  if (intent !== LOG_INTENTS.save) return data<WorkoutFormState>({ values, errors: {}, message: null });
  const { body, fields } = workoutBody(values);
  const result =
    values.logId === null
      ? await api.createLog(args, programId, lesson, body)
      : await api.updateLog(args, values.logId, body);
  if (result.ok) {
    const message = values.logId === null ? 'Workout logged: lesson completed' : 'Workout updated';
    return redirectWithToast(back, { type: 'success', message }, args.request);
  }
  if (result.status !== 400) {
    return redirectWithToast(back, { type: 'error', message: result.error.message }, args.request);
  }
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(apiFieldErrors(result.error))) {
    errors[fields.get(field) ?? field] ??= message;
  }
  return data<WorkoutFormState>({ values, errors, message: result.error.message }, { status: 400 });
}
