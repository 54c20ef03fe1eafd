import type { FormRejection } from '~/types/form';
import type { FieldErrors } from '~/utils/validation';

type Answer = Pick<FormRejection, 'errors' | 'values'>;

/** Fills a form from its last refused submission (typed values, errors), so it works the same without JavaScript. */
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
