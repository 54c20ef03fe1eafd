import {
  AGE,
  type ApiError,
  EMAIL_MAX_LENGTH,
  EMAIL_REGEX,
  EXPERIENCE_YEARS,
  NAME_MAX_LENGTH,
  NAME_REGEX,
  PHONE_REGEX,
} from '@fitcoach/contracts';

// docs/product.md §5's inline hints, from the same @fitcoach/contracts limits as the actions' DTO checks
// (form-validation.server.ts).

export type FieldErrors = Partial<Record<string, string>>;

/** A text field of a submitted form with docs/product.md §5's whitespace stripping; '' when absent or a file. */
export function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

/** docs/product.md §5: the e-mail field's inline hint, as RegisterDto's rule. */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_REGEX.test(email);
}

/** docs/product.md §5: a name in any script, read as NFC, at most NAME_MAX_LENGTH characters ('' is `required`'s). */
export function isValidName(name: string): boolean {
  const normalised = name.normalize('NFC');
  return name === '' || ([...normalised].length <= NAME_MAX_LENGTH && NAME_REGEX.test(normalised));
}

/** docs/product.md §5: an integer from 12 to 120; '' leaves the age unchanged. */
export function isValidAge(age: string): boolean {
  if (age === '') return true;
  const value = Number(age);
  return Number.isInteger(value) && value >= AGE.min && value <= AGE.max;
}

/** docs/product.md §5: exactly ten digits; '' leaves the phone unchanged. */
export function isValidPhone(phone: string): boolean {
  return phone === '' || PHONE_REGEX.test(phone);
}

/** The experience field's text, in the browser's hint and the action's refusal alike. */
export const EXPERIENCE_MESSAGE = `Enter a whole number of years from ${EXPERIENCE_YEARS.min} to ${EXPERIENCE_YEARS.max}`;

/** The API's field errors (docs/architecture.md §10), by field name; the first message of a field wins. */
export function apiFieldErrors(error: ApiError): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of error.errors ?? []) errors[field] ??= message;
  return errors;
}
