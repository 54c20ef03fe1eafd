import { describe, expect, it } from '@jest/globals';
import {
  blankWorkout,
  describeSet,
  fieldName,
  LOG_INTENTS,
  readWorkoutForm,
  suggestedExercises,
  workoutBody,
} from './workout-log';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('the workout form', () => {
  it('suggests the list items of a lesson’s description as exercises', () => {
    expect(
      suggestedExercises('Warm up first.\n- Back squat\n* Lunge\n2) Plank \n- Back squat\nCool down'),
    ).toEqual(['Back squat', 'Lunge', 'Plank']);
    expect(suggestedExercises(null)).toEqual([]);
    expect(blankWorkout('2026-11-28', ['A', 'B']).exercises.map((exercise) => exercise.name)).toEqual([
      'A',
      'B',
      '',
    ]);
  });

  it('comes back with one more exercise or one more set, keeping what was typed', () => {
    const typed = form({
      exercise_rows: '1',
      set_rows: '2',
      [fieldName.exercise(0)]: 'Squat',
      [fieldName.reps(0, 1)]: '5',
      unit: 'lb',
    });
    const more = readWorkoutForm(typed, LOG_INTENTS.moreSets);
    expect(more.unit).toBe('lb');
    expect(more.exercises).toHaveLength(1);
    expect(more.exercises[0]!.sets).toHaveLength(3);
    expect(more.exercises[0]!.sets[1]!.reps).toBe('5');
    expect(readWorkoutForm(typed, LOG_INTENTS.moreExercises).exercises).toHaveLength(2);
    // Row counts are bounded by the API's limits whatever the form says.
    expect(
      readWorkoutForm(form({ exercise_rows: '500', set_rows: '500' }), LOG_INTENTS.save).exercises,
    ).toHaveLength(30);
  });

  it('sends the rows filled in and names the form field of each field the API may refuse', () => {
    const values = readWorkoutForm(
      form({
        exercise_rows: '3',
        set_rows: '3',
        performed_on: '2026-11-27',
        effort: '7',
        [fieldName.exercise(1)]: 'Row',
        [fieldName.reps(1, 2)]: '8',
        [fieldName.weight(1, 2)]: '40,5',
        [fieldName.exercise(2)]: 'Plank',
        [fieldName.duration(2, 0)]: 'a minute',
      }),
      LOG_INTENTS.save,
    );
    const { body, fields } = workoutBody(values);
    expect(body).toEqual({
      unit: 'kg',
      performed_on: '2026-11-27',
      effort: 7,
      note: null,
      exercises: [
        { name: 'Row', sets: [{ reps: 8, weight: 40.5, duration_seconds: null }] },
        { name: 'Plank', sets: [{ reps: null, weight: null, duration_seconds: 'a minute' }] },
      ],
    });
    expect(fields.get('exercises.0.sets.0.weight')).toBe(fieldName.weight(1, 2));
    expect(fields.get('exercises.1.sets.0.duration_seconds')).toBe(fieldName.duration(2, 0));
  });

  it('reads a set as people write it', () => {
    expect(describeSet({ reps: 5, weight_kg: 100, duration_seconds: null })).toBe('5 × 100 kg');
    expect(describeSet({ reps: 12, weight_kg: null, duration_seconds: null })).toBe('12 reps');
    expect(describeSet({ reps: null, weight_kg: null, duration_seconds: 60 })).toBe('60 s');
  });
});
