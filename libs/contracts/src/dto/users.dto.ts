import { Transform } from 'class-transformer';
import {
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import {
  AGE,
  BODY_FAT_PERCENT,
  EMAIL_MAX_LENGTH,
  EMAIL_REGEX,
  HEIGHT_CM,
  NAME_MAX_LENGTH,
  NAME_REGEX,
  PASSWORD,
  PHONE_REGEX,
  WEIGHT_KG,
  type NumericRange,
} from '../limits.js';
import { VALIDATION_MESSAGES } from '../validation-messages.js';
import { fileField, ignoredField, presentText, requiredText, rules } from './field-rules.js';
import {
  optionalNumber,
  optionalTrim,
  optionalTrimLowercase,
  optionalTrimNfc,
  trimLowercase,
  trimNfc,
} from './transforms.js';

/** An account's e-mail address, wherever one is typed. */
const emailRules = () =>
  rules(
    Transform(trimLowercase),
    IsString({ message: 'email is required' }),
    MaxLength(EMAIL_MAX_LENGTH),
    Matches(EMAIL_REGEX, { message: VALIDATION_MESSAGES.email }),
  );

/** The token of a link sent by e-mail. */
const tokenRules = () => requiredText('token', 200);

/** The password of a new account, or a new password: the same rules. */
export const passwordRules = (field = 'password') =>
  rules(
    IsString({ message: `${field} is required` }),
    MinLength(PASSWORD.minLength, { message: VALIDATION_MESSAGES.passwordLength }),
    MaxLength(PASSWORD.maxLength, { message: VALIDATION_MESSAGES.passwordLength }),
    Matches(/^\S+$/, { message: VALIDATION_MESSAGES.passwordSpaces }),
  );

/** A person's first or last name: any script, trimmed and NFC-normalised, one message for every refusal of its shape. */
const nameRules = (field: string) =>
  rules(
    Transform(trimNfc),
    presentText(field),
    MaxLength(NAME_MAX_LENGTH, { message: VALIDATION_MESSAGES.name }),
    Matches(NAME_REGEX, { message: VALIDATION_MESSAGES.name }),
  );

/** A name a profile edit may leave out (absent, blank or "null": unchanged), under the same rules otherwise. */
const changedNameRules = () =>
  rules(
    IsOptional(),
    Transform(optionalTrimNfc),
    IsString({ message: VALIDATION_MESSAGES.name }),
    MaxLength(NAME_MAX_LENGTH, { message: VALIDATION_MESSAGES.name }),
    Matches(NAME_REGEX, { message: VALIDATION_MESSAGES.name }),
  );

export class RegisterDto {
  @nameRules('first_name')
  first_name!: string;

  @nameRules('last_name')
  last_name!: string;

  @emailRules()
  email!: string;

  @passwordRules()
  password!: string;
}

export class EmailVerificationDto {
  @tokenRules()
  token!: string;
}

export class PasswordResetDto {
  @emailRules()
  email!: string;
}

export class PasswordResetConfirmDto {
  @tokenRules()
  token!: string;

  @passwordRules()
  password!: string;
}

export class ResendVerificationDto {
  @emailRules()
  email!: string;
}

/** A body measure of the profile form: absent leaves it unchanged, anything else a number within `range`. */
function bodyMeasure({ min, max }: NumericRange, message: string): PropertyDecorator {
  return rules(
    IsOptional(),
    Transform(optionalNumber),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message }),
    Min(min, { message }),
    Max(max, { message }),
  );
}

/**
 * Multipart profile update: every field optional; absent, "null" and "undefined" leave a value unchanged. A password
 * is not changed here (the spec's client always sends `password: "undefined"`).
 */
export class UpdateUserDto {
  @ignoredField()
  password?: undefined;

  @rules(IsOptional(), Transform(optionalNumber), IsInt({ message: 'id must be a whole number' }))
  id?: number;

  @changedNameRules()
  first_name?: string;

  @changedNameRules()
  last_name?: string;

  @rules(
    IsOptional(),
    Transform(optionalTrimLowercase),
    IsString(),
    MaxLength(EMAIL_MAX_LENGTH),
    Matches(EMAIL_REGEX, { message: VALIDATION_MESSAGES.email }),
  )
  email?: string;

  @bodyMeasure(HEIGHT_CM, VALIDATION_MESSAGES.height)
  height?: number;

  @bodyMeasure(WEIGHT_KG, VALIDATION_MESSAGES.weight)
  weight?: number;

  @bodyMeasure(BODY_FAT_PERCENT, VALIDATION_MESSAGES.bodyFat)
  body_fat?: number;

  @rules(
    IsOptional(),
    Transform(optionalNumber),
    IsInt({ message: VALIDATION_MESSAGES.age }),
    Min(AGE.min, { message: VALIDATION_MESSAGES.age }),
    Max(AGE.max, { message: VALIDATION_MESSAGES.age }),
  )
  age?: number;

  @rules(
    IsOptional(),
    Transform(optionalTrim),
    IsString({ message: VALIDATION_MESSAGES.phone }),
    Matches(PHONE_REGEX, { message: VALIDATION_MESSAGES.phone }),
  )
  phone?: string;

  @fileField()
  profile_picture?: undefined;
}

export interface ProfileResponse {
  height: number | null;
  weight: number | null;
  body_fat: number | null;
  age: number | null;
  phone: string | null;
}

/** docs/product.md §3 User, as the API shapes it: every field present, profile always an object. */
export interface UserResponse {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  profile_picture: string | null;
  is_trainer: boolean;
  is_superuser: boolean;
  blocked: boolean;
  profile: ProfileResponse;
}

export interface UserBriefResponse {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  profile_picture: string | null;
  blocked: boolean;
}

/** `GET /api/trainers/getAllTrainers/`: a trainer's account with its trainer id and verification. */
export interface TrainerAccountResponse extends UserBriefResponse {
  trainer_id: number;
  verified: boolean;
}

export interface MessageResponse {
  message: string;
}

/**
 * Another account, as `getUserById` shows it: roles and the block flag only to the account itself and superusers
 * (null for anyone else), e-mail and body stats also to its trainer.
 */
export type AccountView = Omit<UserResponse, 'is_trainer' | 'is_superuser' | 'blocked'> & {
  is_trainer: boolean | null;
  is_superuser: boolean | null;
  blocked: boolean | null;
};
