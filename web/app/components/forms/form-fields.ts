import type { FormRejection } from '~/types/form';
import type { FieldErrors } from '~/utils/validation';

/** What a refused submission gave back: the field errors and what was typed. */
type Answer = Pick<FormRejection, 'errors' | 'values'>;

/**
 * Ties a form's fields to the answer of its last refused submission, so that the form works the same with and
 * without JavaScript. `field(name)` is a field's name, its default value (what was typed before the refusal, else
 * `initial`) and its error; `error(name)` is the error alone: the hint set while typing, else the action's.
 */
export function formFields(
  answer: Answer | undefined,
  initial: FormRejection['values'] = {},
  hints: FieldErrors = {},
) {
  const values = { ...initial, ...answer?.values };
  const error = (name: string) => hints[name] ?? answer?.errors[name];
  const field = <N extends string>(name: N) => ({ name, defaultValue: values[name], error: error(name) });
  return { field, error };
}
