import { WORKOUT_LIMITS, WORKOUT_RANGES } from '@fitcoach/contracts';
import { Form, Link } from '@remix-run/react';
import { CompactField, CompactSelect, CompactTextarea } from '~/components/forms/compact-field';
import { PlainAlert } from '~/components/ui/alert';
import { SubmitButton } from '~/components/forms/form-actions';
import ui from '~/components/ui/ui.module.css';
import type { FieldErrors } from '~/utils/validation';
import { fieldName, LOG_INTENTS, type WorkoutFormValues } from '~/utils/workout-log';
import classes from './workout-log.module.css';

/** A set's inputs: reps and a weight, or a duration. */
const SET_FIELDS = [
  { key: 'reps', label: 'Reps', inputMode: 'numeric' },
  { key: 'weight', label: 'Weight', inputMode: 'decimal' },
  { key: 'duration', label: 'Seconds', inputMode: 'numeric' },
] as const;

const EFFORTS = Array.from({ length: WORKOUT_RANGES.effort.max }, (_, i) => String(i + 1));

interface WorkoutLogFormProps {
  values: WorkoutFormValues;
  errors: FieldErrors;
  /** The summary of a refusal, shown above the fields. */
  message: string | null;
  /** The lesson's list items, offered for every exercise name. */
  suggestions: string[];
  today: string;
  /** Where "Cancel" leads while a log is edited: the lesson without the edit. */
  cancelTo: string;
  /** The lesson's number, sent back with the form. */
  lesson: number;
}

/**
 * "Log your workout" (docs/product.md §2.7): numbered rows of plain fields, so that it works without JavaScript;
 * the buttons that add rows submit the form, which comes back with what was typed.
 */
export function WorkoutLogForm({
  values,
  errors,
  message,
  suggestions,
  today,
  cancelTo,
  lesson,
}: WorkoutLogFormProps) {
  const sets = Math.max(1, ...values.exercises.map((exercise) => exercise.sets.length));
  const editing = values.logId !== null;
  return (
    <section className={classes.section} aria-labelledby="log-heading">
      <h2 id="log-heading" className={classes.heading}>
        {editing ? 'Edit your workout' : 'Log your workout'}
      </h2>
      <Form method="post" className={classes.form}>
        <input type="hidden" name="lesson" value={lesson} />
        {editing ? <input type="hidden" name="log" value={values.logId ?? ''} /> : null}
        <input type="hidden" name="exercise_rows" value={values.exercises.length} />
        <input type="hidden" name="set_rows" value={sets} />
        <datalist id="exercise-suggestions">
          {suggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <div className={classes.fields}>
          {message ? <PlainAlert color="red">{message}</PlainAlert> : null}
          <div className={classes.row}>
            <CompactField
              type="date"
              name="performed_on"
              label="Date"
              defaultValue={values.performedOn}
              max={today}
              error={errors.performed_on}
            />
            <CompactSelect
              name="unit"
              label="Weights in"
              defaultValue={values.unit}
              data={[
                { value: 'kg', label: 'kilograms (kg)' },
                { value: 'lb', label: 'pounds (lb)' },
              ]}
            />
            <CompactSelect
              name="effort"
              label="Effort (1–10)"
              defaultValue={values.effort}
              data={[{ value: '', label: 'Not rated' }, ...EFFORTS]}
              error={errors.effort}
            />
          </div>
          {values.exercises.map((exercise, e) => (
            <fieldset key={e} className={classes.exercise}>
              <legend>Exercise {e + 1}</legend>
              <CompactField
                name={fieldName.exercise(e)}
                label="Exercise"
                defaultValue={exercise.name}
                list="exercise-suggestions"
                maxLength={WORKOUT_LIMITS.exerciseNameLength}
                error={errors[fieldName.exercise(e)]}
              />
              <div className={classes.sets}>
                {Array.from({ length: sets }, (_, s) => {
                  const set = exercise.sets[s] ?? { reps: '', weight: '', duration: '' };
                  return (
                    <div
                      key={s}
                      className={classes.set}
                      role="group"
                      aria-label={`Exercise ${e + 1}, set ${s + 1}`}
                    >
                      <span className={classes.setNumber}>Set {s + 1}</span>
                      {SET_FIELDS.map(({ key, label, inputMode }) => (
                        <CompactField
                          key={key}
                          name={fieldName[key](e, s)}
                          label={label}
                          inputMode={inputMode}
                          defaultValue={set[key]}
                          error={errors[fieldName[key](e, s)]}
                        />
                      ))}
                    </div>
                  );
                })}
              </div>
            </fieldset>
          ))}
          <div className={ui.group}>
            {values.exercises.length < WORKOUT_LIMITS.exercises ? (
              <SubmitButton variant="default" name="intent" value={LOG_INTENTS.moreExercises}>
                Add an exercise
              </SubmitButton>
            ) : null}
            {sets < WORKOUT_LIMITS.setsPerExercise ? (
              <SubmitButton variant="default" name="intent" value={LOG_INTENTS.moreSets}>
                Add a set
              </SubmitButton>
            ) : null}
          </div>
          <CompactTextarea
            name="note"
            label="Note"
            defaultValue={values.note}
            maxLength={WORKOUT_LIMITS.noteLength}
            rows={2}
            error={errors.note}
          />
          <div className={ui.group}>
            <SubmitButton name="intent" value={LOG_INTENTS.save}>
              {editing ? 'Save changes' : 'Log workout'}
            </SubmitButton>
            {editing ? (
              <Link to={cancelTo} className={`${ui.button} ${ui.default}`}>
                Cancel
              </Link>
            ) : null}
          </div>
        </div>
      </Form>
    </section>
  );
}
