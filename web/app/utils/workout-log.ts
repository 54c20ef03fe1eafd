import {
  WEIGHT_UNITS,
  WORKOUT_LIMITS,
  type WeightUnit,
  type WorkoutLogDto,
  type WorkoutLogResponse,
} from '@fitcoach/contracts';

// The lesson player's workout form (docs/product.md §2.7): plain fields in numbered rows, so that it works without
// JavaScript; "Add an exercise" and "Add a set" are submit buttons that render the form again with more rows.

export const LOG_INTENTS = {
  save: 'log-save',
  moreExercises: 'log-more-exercises',
  moreSets: 'log-more-sets',
  remove: 'log-delete',
} as const;

export const DEFAULT_ROWS = { exercises: 3, sets: 3 } as const;

export interface SetValues {
  reps: string;
  weight: string;
  duration: string;
}

export interface ExerciseValues {
  name: string;
  sets: SetValues[];
}

/** What the form shows: the typed texts, as typed. */
export interface WorkoutFormValues {
  /** The log being edited, or null for a new one. */
  logId: number | null;
  performedOn: string;
  unit: WeightUnit;
  effort: string;
  note: string;
  exercises: ExerciseValues[];
}

export const fieldName = {
  exercise: (e: number) => `exercise-${e}-name`,
  reps: (e: number, s: number) => `exercise-${e}-set-${s}-reps`,
  weight: (e: number, s: number) => `exercise-${e}-set-${s}-weight`,
  duration: (e: number, s: number) => `exercise-${e}-set-${s}-duration`,
};

const emptySet = (): SetValues => ({ reps: '', weight: '', duration: '' });

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

function count(form: FormData, name: string, fallback: number, max: number): number {
  const value = Number(text(form, name));
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
}

/** A blank form of the default size, its exercise names suggested by the caller (the lesson's, if any). */
export function blankWorkout(today: string, names: readonly string[] = []): WorkoutFormValues {
  const rows = Math.max(DEFAULT_ROWS.exercises, Math.min(names.length, WORKOUT_LIMITS.exercises));
  return {
    logId: null,
    performedOn: today,
    unit: 'kg',
    effort: '',
    note: '',
    exercises: Array.from({ length: rows }, (_, e) => ({
      name: names[e] ?? '',
      sets: Array.from({ length: DEFAULT_ROWS.sets }, emptySet),
    })),
  };
}

/** A log as the form shows it for editing, in kg. */
export function workoutOf(log: WorkoutLogResponse): WorkoutFormValues {
  const show = (value: number | null) => (value === null ? '' : String(value));
  return {
    logId: log.id,
    performedOn: log.performed_on,
    unit: 'kg',
    effort: show(log.effort),
    note: log.note ?? '',
    exercises: log.exercises.map((exercise) => ({
      name: exercise.name,
      sets: exercise.sets.map((set) => ({
        reps: show(set.reps),
        weight: show(set.weight_kg),
        duration: show(set.duration_seconds),
      })),
    })),
  };
}

/** The form as submitted, with one more exercise or one more set in each when the intent asks for it. */
export function readWorkoutForm(form: FormData, intent: string): WorkoutFormValues {
  const exercises = count(form, 'exercise_rows', DEFAULT_ROWS.exercises, WORKOUT_LIMITS.exercises);
  const sets = count(form, 'set_rows', DEFAULT_ROWS.sets, WORKOUT_LIMITS.setsPerExercise);
  const moreExercises = intent === LOG_INTENTS.moreExercises ? 1 : 0;
  const moreSets = intent === LOG_INTENTS.moreSets ? 1 : 0;
  const unit = text(form, 'unit');
  const logId = Number(text(form, 'log'));
  return {
    logId: Number.isInteger(logId) && logId > 0 ? logId : null,
    performedOn: text(form, 'performed_on'),
    unit: (WEIGHT_UNITS as readonly string[]).includes(unit) ? (unit as WeightUnit) : 'kg',
    effort: text(form, 'effort'),
    note: text(form, 'note'),
    exercises: Array.from(
      { length: Math.min(exercises + moreExercises, WORKOUT_LIMITS.exercises) },
      (_, e) => ({
        name: text(form, fieldName.exercise(e)),
        sets: Array.from({ length: Math.min(sets + moreSets, WORKOUT_LIMITS.setsPerExercise) }, (_, s) => ({
          reps: text(form, fieldName.reps(e, s)),
          weight: text(form, fieldName.weight(e, s)),
          duration: text(form, fieldName.duration(e, s)),
        })),
      }),
    ),
  };
}

/** A typed number, or the text itself so that the API refuses it by name; null when blank. */
function numberOrText(value: string): number | string | null {
  if (value === '') return null;
  const number = Number(value.replace(',', '.'));
  return Number.isFinite(number) ? number : value;
}

/**
 * The API's body for the form, blank rows left out, and for each field the API may name
 * (`exercises.0.sets.1.reps`) the form field it came from.
 */
export function workoutBody(values: WorkoutFormValues): { body: WorkoutLogDto; fields: Map<string, string> } {
  const fields = new Map<string, string>();
  const exercises: WorkoutLogDto['exercises'] = [];
  values.exercises.forEach((exercise, e) => {
    const sets = exercise.sets
      .map((set, s) => ({ set, s }))
      .filter(({ set }) => set.reps !== '' || set.weight !== '' || set.duration !== '');
    if (exercise.name === '' && sets.length === 0) return;
    const at = `exercises.${exercises.length}`;
    fields.set(`${at}.name`, fieldName.exercise(e));
    fields.set(`${at}.sets`, fieldName.exercise(e));
    sets.forEach(({ s }, kept) => {
      fields.set(`${at}.sets.${kept}`, fieldName.reps(e, s));
      fields.set(`${at}.sets.${kept}.reps`, fieldName.reps(e, s));
      fields.set(`${at}.sets.${kept}.weight`, fieldName.weight(e, s));
      fields.set(`${at}.sets.${kept}.duration_seconds`, fieldName.duration(e, s));
    });
    exercises.push({
      name: exercise.name,
      sets: sets.map(({ set }) => ({
        reps: numberOrText(set.reps) as number | null,
        weight: numberOrText(set.weight) as number | null,
        duration_seconds: numberOrText(set.duration) as number | null,
      })),
    });
  });
  const body: WorkoutLogDto = {
    unit: values.unit,
    exercises,
    effort: numberOrText(values.effort) as number | null,
    note: values.note === '' ? null : values.note,
    ...(values.performedOn === '' ? {} : { performed_on: values.performedOn }),
  };
  return { body, fields };
}

/** Exercise names a lesson suggests: the lines of its description that read like a list item. */
export function suggestedExercises(description: string | null | undefined): string[] {
  const names = (description ?? '')
    .split('\n')
    .map((line) => /^(?:[-*•]|\d{1,3}[.)])\s(.*)$/.exec(line.trim())?.[1]?.trim() ?? '')
    .map((name) => name.slice(0, WORKOUT_LIMITS.exerciseNameLength))
    .filter((name) => name !== '');
  return [...new Set(names)].slice(0, WORKOUT_LIMITS.exercises);
}

/** "3 × 8 at 60 kg", "60 s", "12 reps": how a set reads in the list. */
export function describeSet(set: {
  reps: number | null;
  weight_kg: number | null;
  duration_seconds: number | null;
}): string {
  const parts: string[] = [];
  if (set.reps !== null)
    parts.push(set.weight_kg !== null ? `${set.reps} × ${set.weight_kg} kg` : `${set.reps} reps`);
  if (set.duration_seconds !== null) parts.push(`${set.duration_seconds} s`);
  return parts.join(', ');
}

/** A trainer's view of a subscriber's training record (docs/product.md §2.15). */
export function subscriberRecordPath(userId: number): string {
  return `/subscribers/${userId}/record`;
}
