import {
  PASSWORD,
  PasswordResetConfirmDto,
  RegisterDto,
  ResendVerificationDto,
  TrainerRegistrationDto,
} from '@fitcoach/contracts';
import { api } from './api/endpoints.server';
import { type FieldTexts, validateWithDto } from './form-validation.server';
import { isHoneypotFilled } from './honeypot';
import { MESSAGES } from './messages';
import type { RouteArgs } from './session.server';
import { EXPERIENCE_MESSAGE, type FieldErrors, hasErrors, textField } from './validation';

// The rules are the contracts' DTOs (validateWithDto), the texts docs/product.md §5's; only the repeated password
// and sign-in's first checks are the forms' own.

const PASSWORD_MESSAGE = `Use ${PASSWORD.minLength} to ${PASSWORD.maxLength} characters without spaces`;

const NAME_TEXTS: FieldTexts = [
  ['isString', MESSAGES.required],
  ['isNotEmpty', MESSAGES.required],
  ['maxLength', MESSAGES.name],
  ['matches', MESSAGES.name],
];

export interface RegistrationFields {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password2: string;
}

export function validateRegistration({ password2, ...fields }: RegistrationFields): FieldErrors {
  const errors = validateWithDto(RegisterDto, fields, {
    first_name: NAME_TEXTS,
    last_name: NAME_TEXTS,
    email: MESSAGES.invalidEmail,
    password: PASSWORD_MESSAGE,
  });
  if (password2 !== fields.password) errors.password2 = MESSAGES.passwordsDontMatch;
  return errors;
}

export interface NewPasswordFields {
  password: string;
  password2: string;
}

export function validateNewPassword({ password, password2 }: NewPasswordFields): FieldErrors {
  const errors = validateWithDto(PasswordResetConfirmDto, { password }, { password: PASSWORD_MESSAGE });
  if (password2 !== password) errors.password2 = MESSAGES.passwordsDontMatch;
  return errors;
}

export function validateEmail(email: string): FieldErrors {
  return validateWithDto(ResendVerificationDto, { email }, { email: MESSAGES.invalidEmail });
}

export interface LoginFields {
  email: string;
  password: string;
}

/** Refuses without asking the API what no account can have: an unmailable address, an empty or spaced password. */
export function validateLogin({ email, password }: LoginFields): FieldErrors {
  const errors = validateEmail(email);
  if (password === '' || /\s/.test(password)) errors.password = MESSAGES.invalidLogin;
  return errors;
}

export interface TrainerRegistrationFields {
  experience_years: string;
  certifications: string;
  phone: string;
  specalized: string;
  country: string;
  about: string;
}

/** docs/product.md §5 Trainer registration: ten digits, whole years from 0, a speciality and a country from the lists. */
export function validateTrainerRegistration(fields: TrainerRegistrationFields): FieldErrors {
  return validateWithDto(
    TrainerRegistrationDto,
    { ...fields },
    {
      experience_years: EXPERIENCE_MESSAGE,
      phone: MESSAGES.trainerPhone,
      specalized: 'Choose what you are specialised in',
      country: 'Choose your country',
    },
  );
}

export interface ResendAnswer {
  ok: boolean;
  message: string;
  status: number;
}

export async function resendVerificationLink(args: RouteArgs, form: FormData): Promise<ResendAnswer> {
  const email = textField(form, 'email');
  if (isHoneypotFilled(form) || hasErrors(validateEmail(email)))
    return { ok: false, message: MESSAGES.invalidEmail, status: 400 };
  const result = await api.resendVerification(args, email);
  if (!result.ok) return { ok: false, message: result.error.message, status: result.status };
  return { ok: true, message: result.data.message, status: 200 };
}
