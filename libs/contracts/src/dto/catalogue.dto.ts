import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  type ValidationArguments,
} from 'class-validator';
import { DEFAULT_PROGRAM_UNLOCK, PROGRAM_UNLOCKS, type ProgramUnlock } from '../coaching.js';
import { COUNTRIES } from '../countries.js';
import type { RatingSummary } from '../reviews.js';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_PROGRAM_CATEGORY,
  DEFAULT_PROGRAM_LEVEL,
  PROGRAM_CATEGORIES,
  PROGRAM_LEVELS,
  isCurrency,
  TRAINER_SPECIALISATIONS,
} from '../enums.js';
import {
  EXPERIENCE_YEARS,
  PHONE_REGEX,
  PROGRAM_DURATION_DAYS,
  PROGRAM_PRICE,
  TEXT_MAX_LENGTH,
} from '../limits.js';
import { fitsMinorUnits, priceDecimalsMessage } from '../money.js';
import type { ProgramStatus } from './admin.dto.js';
import {
  changedText,
  choiceOr,
  fileField,
  ignoredField,
  optionalChoice,
  optionalText,
  requiredText,
  rules,
  wholeNumber,
} from './field-rules.js';
import { PaginationQueryDto } from './pagination.dto.js';
import { optionalNumber, OptionalQuery, optionalTrim, trim } from './transforms.js';

export const CATALOGUE_MESSAGES = {
  phone: 'Please enter a valid phone number.',
  specialisation: `specalized must be one of: ${TRAINER_SPECIALISATIONS.join(', ')}`,
  country: 'country must be a country from the list',
  experience: `experience_years must be a whole number from ${EXPERIENCE_YEARS.min} to ${EXPERIENCE_YEARS.max}`,
  duration: `duration must be a whole number of days from ${PROGRAM_DURATION_DAYS.min} to ${PROGRAM_DURATION_DAYS.max}`,
  price: `price must be an amount from ${PROGRAM_PRICE.min} to ${PROGRAM_PRICE.max}`,
  currency: `currency must be one of: ${CURRENCIES.join(', ')}`,
  currencyFixed: "A programme's currency is chosen when it is created and cannot be changed",
  category: `category must be one of: ${PROGRAM_CATEGORIES.join(', ')}`,
  level: `level must be one of: ${PROGRAM_LEVELS.join(', ')}`,
  unlock: `unlock must be one of: ${PROGRAM_UNLOCKS.join(', ')}`,
  lessonNumber: 'lesson_number must be a lesson number such as 3 or "{programId}-3"',
  videoUrl: 'Enter a valid YouTube link, such as https://www.youtube.com/watch?v=...',
} as const;

/**
 * A programme's price in major units, within PROGRAM_PRICE, with no more decimals than the body's `currency` has.
 * A body without one (an edit: the currency is set once) is checked by the API against the programme's own.
 */
function priceRules(): PropertyDecorator {
  const message = CATALOGUE_MESSAGES.price;
  const currencyOf = (args: ValidationArguments) => {
    const { currency } = args.object as { currency?: unknown };
    return isCurrency(currency) ? currency : null;
  };
  return rules(
    Transform(optionalNumber),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message }),
    Min(PROGRAM_PRICE.min, { message }),
    Max(PROGRAM_PRICE.max, { message }),
    ValidateBy({
      name: 'priceDecimals',
      validator: {
        validate: (value: number, args) => {
          const currency = args && currencyOf(args);
          return !currency || fitsMinorUnits(value, currency);
        },
        defaultMessage: (args) => priceDecimalsMessage((args && currencyOf(args)) ?? DEFAULT_CURRENCY),
      },
    }),
  );
}

/** docs/product.md §3 Trainer registration payload (multipart; the picture travels as a file). */
export class TrainerRegistrationDto {
  @rules(Transform(trim), IsIn(TRAINER_SPECIALISATIONS, { message: CATALOGUE_MESSAGES.specialisation }))
  specalized!: string;

  @rules(
    Transform(trim),
    IsString({ message: CATALOGUE_MESSAGES.phone }),
    Matches(PHONE_REGEX, { message: CATALOGUE_MESSAGES.phone }),
  )
  phone!: string;

  @optionalText(TEXT_MAX_LENGTH.certifications)
  certifications?: string;

  @wholeNumber(EXPERIENCE_YEARS, CATALOGUE_MESSAGES.experience)
  experience_years!: number;

  @rules(Transform(trim), IsIn(COUNTRIES, { message: CATALOGUE_MESSAGES.country }))
  country!: string;

  @optionalText(TEXT_MAX_LENGTH.about)
  about?: string;

  @fileField()
  profile_picture?: undefined;
}

/**
 * The fields of a programme its trainer writes, as the forms and CreateProgramDto / UpdateProgramDto name them; the
 * cover image comes as a file. `currency` is written once, when the programme is created.
 */
export const PROGRAM_FIELDS = [
  'program_name',
  'description',
  'duration',
  'price',
  'category',
  'level',
  'unlock',
] as const;
export const NEW_PROGRAM_FIELDS = [...PROGRAM_FIELDS, 'currency'] as const;

/**
 * docs/product.md §5 Programme form. The programme is always the caller's and unpublished: a `trainer` or
 * `is_published` sent (the spec's client sends `trainer`) is ignored.
 */
export class CreateProgramDto {
  @requiredText('program_name', TEXT_MAX_LENGTH.programName)
  program_name!: string;

  @requiredText('description', TEXT_MAX_LENGTH.description)
  description!: string;

  @wholeNumber(PROGRAM_DURATION_DAYS, CATALOGUE_MESSAGES.duration)
  duration!: number;

  @priceRules()
  price!: number;

  // Set once: the payments of a programme, its revenue and its receipts are all in the one currency.
  @choiceOr(CURRENCIES, DEFAULT_CURRENCY, CATALOGUE_MESSAGES.currency)
  currency: string = DEFAULT_CURRENCY;

  @choiceOr(PROGRAM_CATEGORIES, DEFAULT_PROGRAM_CATEGORY, CATALOGUE_MESSAGES.category)
  category: string = DEFAULT_PROGRAM_CATEGORY;

  @choiceOr(PROGRAM_LEVELS, DEFAULT_PROGRAM_LEVEL, CATALOGUE_MESSAGES.level)
  level: string = DEFAULT_PROGRAM_LEVEL;

  @choiceOr(PROGRAM_UNLOCKS, DEFAULT_PROGRAM_UNLOCK, CATALOGUE_MESSAGES.unlock)
  unlock: ProgramUnlock = DEFAULT_PROGRAM_UNLOCK;

  @fileField()
  cover_image?: undefined;

  @ignoredField()
  trainer?: undefined;

  @ignoredField()
  is_published?: undefined;
}

/** Editing a programme: the same rules, every field optional, absent ones unchanged. */
export class UpdateProgramDto {
  @changedText('program_name', TEXT_MAX_LENGTH.programName)
  program_name?: string;

  @changedText('description', TEXT_MAX_LENGTH.description)
  description?: string;

  @rules(IsOptional(), wholeNumber(PROGRAM_DURATION_DAYS, CATALOGUE_MESSAGES.duration))
  duration?: number;

  // In the programme's own currency, whose decimals the API checks (a JPY price has none).
  @rules(IsOptional(), priceRules())
  price?: number;

  // Refused by name rather than as an unknown field: its payments, revenue and receipts are in the first one.
  @rules(
    IsOptional(),
    ValidateBy({
      name: 'currencyFixed',
      validator: { validate: () => false, defaultMessage: () => CATALOGUE_MESSAGES.currencyFixed },
    }),
  )
  currency?: undefined;

  @optionalChoice(PROGRAM_CATEGORIES, CATALOGUE_MESSAGES.category)
  category?: string;

  @optionalChoice(PROGRAM_LEVELS, CATALOGUE_MESSAGES.level)
  level?: string;

  @optionalChoice(PROGRAM_UNLOCKS, CATALOGUE_MESSAGES.unlock)
  unlock?: ProgramUnlock;

  @fileField()
  cover_image?: undefined;
}

/** `GET /retrive_all/?category=&level=&q=&page=&page_size=`; each given once, as text (`q[a]=`, `q=&q=` are 400). */
export class ProgramListQueryDto extends PaginationQueryDto {
  @rules(OptionalQuery(optionalTrim), IsIn(PROGRAM_CATEGORIES, { message: CATALOGUE_MESSAGES.category }))
  category?: string;

  @rules(OptionalQuery(optionalTrim), IsIn(PROGRAM_LEVELS, { message: CATALOGUE_MESSAGES.level }))
  level?: string;

  @rules(OptionalQuery(optionalTrim), IsString({ message: 'q must be a text' }), MaxLength(100))
  q?: string;
}

/** docs/product.md §5 Lesson form; `id` present means an edit of that lesson. */
export class LessonFormDto {
  @rules(IsOptional(), Transform(optionalNumber), IsInt({ message: 'id must be a whole number' }))
  id?: number;

  @requiredText('title', TEXT_MAX_LENGTH.lessonTitle)
  title!: string;

  @rules(
    Transform(trim),
    IsString({ message: CATALOGUE_MESSAGES.lessonNumber }),
    Matches(/^(\d{1,9}-)?\d{1,4}$/, { message: CATALOGUE_MESSAGES.lessonNumber }),
  )
  lesson_number!: string;

  @rules(
    Transform(trim),
    IsString({ message: CATALOGUE_MESSAGES.videoUrl }),
    IsNotEmpty({ message: CATALOGUE_MESSAGES.videoUrl }),
    MaxLength(500, { message: CATALOGUE_MESSAGES.videoUrl }),
  )
  video_url!: string;

  @optionalText(TEXT_MAX_LENGTH.description)
  description?: string;

  @fileField()
  image?: undefined;
}

/** What a trainer tells about themselves, as every answer that shows a trainer profile names it. */
export interface TrainerDetails {
  specalized: string;
  about: string;
  certifications: string;
  experience_years: number;
  /** The mean stars (one decimal) of the visible reviews of all their programmes; null without any. */
  rating: number | null;
  /** How many visible reviews `rating` averages. */
  review_count: number;
  country: string;
}

export interface TrainerResponse extends TrainerDetails {
  id: number;
  user: number;
  user_id: number;
  username: string;
  phone: string | null;
  profile_picture: string | null;
  /** A superuser vouched for this trainer (`PUT /api/trainers/{id}/verify/`); pages show a "Verified" badge. */
  verified: boolean;
}

export interface ProgramResponse {
  id: number;
  program_name: string;
  description: string;
  duration: number;
  category: string;
  level: string;
  price: number;
  currency: string;
  cover_image: string | null;
  trainer: number;
  trainer_name: string;
  is_published: boolean;
  /** How its lessons open: `all` from the start, or `daily`, lesson n on the member's day n. */
  unlock: ProgramUnlock;
  /** Its verified reviews' standing: the visible reviews' mean stars and their count. */
  rating: RatingSummary;
  /** Unpublished and waiting for a superuser (docs/product.md §4); only in the owner's and superusers' views. */
  publish_requested?: boolean;
  /** Where it stands (docs/product.md §4); only in the owner's and superusers' views. */
  status?: ProgramStatus;
  /** Why a superuser sent it back, until it is submitted again (null otherwise); the same views only. */
  rejection_reason?: string | null;
  /** Its active subscriptions; only in the owner's and superusers' views. */
  subscribers?: number;
  created_on: string;
  updated_on: string;
}

/**
 * `GET /get_programme/{id}/`: a programme with what the caller may do with it, so that pages need not re-derive
 * the rules (false for anonymous visitors).
 */
export interface ProgramDetailResponse extends ProgramResponse {
  /** The caller may watch its lessons' videos: its trainer, a superuser or an active subscriber. */
  can_watch: boolean;
  /** The caller may edit it, its lessons and its publish request: its trainer only. */
  can_edit: boolean;
}

/** `PUT /update/{id}/`: `back_to_review` when the edit unpublished the programme until a superuser approves it. */
export interface ProgramUpdateResponse {
  message: string;
  back_to_review: boolean;
}

export interface LessonResponse {
  id: number;
  program: number;
  lesson_number: string;
  number: number;
  title: string;
  description: string | null;
  video_url: string | null;
  video_id: string | null;
  image: string | null;
  /**
   * When the lesson opens to the caller, for an active subscriber of a daily programme whose lesson is still
   * locked (then video and image are null); null when it is open or the caller is not such a subscriber.
   */
  unlocks_at: string | null;
}
