import {
  AGE,
  type ApiError,
  EMAIL_MAX_LENGTH,
  EMAIL_REGEX,
  EXPERIENCE_YEARS,
  isCountry,
  isTrainerSpecialisation,
  NAME_MAX_LENGTH,
  NAME_REGEX,
  PASSWORD,
  PHONE_REGEX,
} from '@fitcoach/contracts';
import { MESSAGES } from './messages';

/*
 * docs/product.md §5's form rules, shared by the actions (the check that counts, with or without JavaScript) and
 * the forms' inline hints. The API applies the same limits from @fitcoach/contracts and has the last word.
 */

export type FieldErrors = Partial<Record<string, string>>;

/** A text field of a submitted form with docs/product.md §5's whitespace stripping; '' when absent or a file. */
export function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_REGEX.test(email);
}

const PASSWORD_MESSAGE = `Use ${PASSWORD.minLength} to ${PASSWORD.maxLength} characters without spaces`;

function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD.minLength && password.length <= PASSWORD.maxLength && !/\s/.test(password)
  );
}

export interface RegistrationFields {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password2: string;
}

export function validateRegistration(fields: RegistrationFields): FieldErrors {
  const errors: FieldErrors = {};
  for (const name of ['first_name', 'last_name'] as const) {
    const value = fields[name];
    if (value === '') errors[name] = MESSAGES.required;
    else if (value.length > NAME_MAX_LENGTH) errors[name] = `Use at most ${NAME_MAX_LENGTH} characters`;
    else if (!NAME_REGEX.test(value)) errors[name] = MESSAGES.lettersOnly;
  }
  if (!isValidEmail(fields.email)) errors.email = MESSAGES.invalidEmail;
  if (!isValidPassword(fields.password)) errors.password = PASSWORD_MESSAGE;
  if (fields.password2 !== fields.password) errors.password2 = MESSAGES.passwordsDontMatch;
  return errors;
}

export interface LoginFields {
  email: string;
  password: string;
}

export function validateLogin(fields: LoginFields): FieldErrors {
  const errors: FieldErrors = {};
  if (!isValidEmail(fields.email)) errors.email = MESSAGES.invalidEmail;
  if (fields.password === '' || /\s/.test(fields.password)) errors.password = MESSAGES.invalidLogin;
  return errors;
}

/**
 * docs/product.md §5: letters a to z only (the inline hint of the profile form; '' is the required check's business).
 */
export function isValidName(name: string): boolean {
  return name === '' || NAME_REGEX.test(name);
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

export interface TrainerRegistrationFields {
  experience_years: string;
  certifications: string;
  phone: string;
  specalized: string;
  country: string;
  about: string;
}

export const EXPERIENCE_MESSAGE = `Enter a whole number of years from ${EXPERIENCE_YEARS.min} to ${EXPERIENCE_YEARS.max}`;

/**
 * docs/product.md §5 Trainer registration: ten digits, whole years from 0, a speciality and a country from the lists.
 */
export function validateTrainerRegistration(fields: TrainerRegistrationFields): FieldErrors {
  const errors: FieldErrors = {};
  const years = Number(fields.experience_years);
  if (
    fields.experience_years === '' ||
    !Number.isInteger(years) ||
    years < EXPERIENCE_YEARS.min ||
    years > EXPERIENCE_YEARS.max
  ) {
    errors.experience_years = EXPERIENCE_MESSAGE;
  }
  if (!PHONE_REGEX.test(fields.phone)) errors.phone = MESSAGES.trainerPhone;
  if (!isTrainerSpecialisation(fields.specalized)) errors.specalized = 'Choose what you are specialised in';
  if (!isCountry(fields.country)) errors.country = 'Choose your country';
  return errors;
}

/** The API's field errors (docs/architecture.md §10), by field name; the first message of a field wins. */
export function apiFieldErrors(error: ApiError): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of error.errors ?? []) errors[field] ??= message;
  return errors;
}
