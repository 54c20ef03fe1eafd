// class-transformer's @Type reads decorator metadata: loaded here so that every process and test that imports the
// contracts can describe the nested exercises and sets, not only the API's (which loads it first).
import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  KG_PER_LB,
  MEASUREMENT_LABELS,
  MEASUREMENT_RANGES,
  MEASUREMENT_UNITS,
  PHOTO_POSES,
  RECORD_MESSAGES,
  WEIGHT_UNITS,
  WORKOUT_LIMITS,
  WORKOUT_RANGES,
  type MeasurementField,
  type PhotoPose,
  type WeightUnit,
} from '../record.js';
import type { NumericRange } from '../limits.js';
import { rules } from './field-rules.js';
import { PaginationQueryDto } from './pagination.dto.js';
import { OptionalQuery, optionalTrim, trim } from './transforms.js';

/** A number a field may leave out (absent or null), else within `range`, the refusal naming the field and range. */
function optionalNumberIn(
  label: string,
  { min, max }: NumericRange,
  { whole = false, unit = '' } = {},
): PropertyDecorator {
  const message = `${label} must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}${unit ? ` ${unit}` : ''}`;
  return rules(
    ValidateIf((_object, value) => value !== undefined && value !== null),
    whole ? IsInt({ message }) : IsNumber({ allowNaN: false, allowInfinity: false }, { message }),
    Min(min, { message }),
    Max(max, { message }),
  );
}

/** A measurement: its label and unit in the refusal ("Body fat must be a number from 2 to 75 %"). */
function measured(field: MeasurementField): PropertyDecorator {
  return optionalNumberIn(MEASUREMENT_LABELS[field], MEASUREMENT_RANGES[field], {
    unit: MEASUREMENT_UNITS[field],
  });
}

/** A `YYYY-MM-DD` the API reads with the member's calendar; only its type and length are checked here. */
function optionalDate(field: string): PropertyDecorator {
  const message = RECORD_MESSAGES.date(field);
  return rules(
    ValidateIf((_object, value) => value !== undefined && value !== null),
    IsString({ message }),
    MaxLength(10, { message }),
  );
}

/** The largest weight a form may send in either unit: WORKOUT_RANGES.weightKg's bound, in pounds. */
const WEIGHT_INPUT_MAX = Math.ceil(WORKOUT_RANGES.weightKg.max / KG_PER_LB);
const WEIGHT_MESSAGE = `Weight must be a number from 0 to ${WORKOUT_RANGES.weightKg.max} kg (${WEIGHT_INPUT_MAX} lb)`;

/** One set: repetitions (with a weight, in the log's unit) or a duration; the API needs one of reps or duration. */
export class WorkoutSetDto {
  @optionalNumberIn('Reps', WORKOUT_RANGES.reps, { whole: true })
  reps?: number | null;

  @rules(
    ValidateIf((_object, value) => value !== undefined && value !== null),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: WEIGHT_MESSAGE }),
    Min(0, { message: WEIGHT_MESSAGE }),
    Max(WEIGHT_INPUT_MAX, { message: WEIGHT_MESSAGE }),
  )
  weight?: number | null;

  @optionalNumberIn('Duration', WORKOUT_RANGES.durationSeconds, { whole: true, unit: 'seconds' })
  duration_seconds?: number | null;
}

export class WorkoutExerciseDto {
  @rules(
    Transform(trim),
    IsString({ message: 'Name the exercise' }),
    IsNotEmpty({ message: 'Name the exercise' }),
    MaxLength(WORKOUT_LIMITS.exerciseNameLength, {
      message: `An exercise name is at most ${WORKOUT_LIMITS.exerciseNameLength} characters`,
    }),
  )
  name!: string;

  @rules(
    IsArray({ message: 'sets must be a list' }),
    ArrayMaxSize(WORKOUT_LIMITS.setsPerExercise, {
      message: `An exercise has at most ${WORKOUT_LIMITS.setsPerExercise} sets`,
    }),
    ValidateNested({ each: true }),
    Type(() => WorkoutSetDto),
  )
  sets!: WorkoutSetDto[];
}

/** `POST /api/lessons/{lesson_number}/logs/` and `PUT /api/logs/{id}/`: what the member did (docs/product.md §2.7). */
export class WorkoutLogDto {
  @optionalDate('performed_on')
  performed_on?: string | null;

  @rules(IsOptional(), IsIn(WEIGHT_UNITS, { message: 'The unit must be kg or lb' }))
  unit?: WeightUnit;

  @optionalNumberIn('Effort', WORKOUT_RANGES.effort, { whole: true })
  effort?: number | null;

  @rules(
    ValidateIf((_object, value) => value !== undefined && value !== null),
    IsString({ message: 'The note must be a text' }),
    MaxLength(WORKOUT_LIMITS.noteLength, {
      message: `The note must be at most ${WORKOUT_LIMITS.noteLength} characters`,
    }),
  )
  note?: string | null;

  @rules(
    IsArray({ message: 'exercises must be a list' }),
    ArrayMaxSize(WORKOUT_LIMITS.exercises, {
      message: `A workout has at most ${WORKOUT_LIMITS.exercises} exercises`,
    }),
    ValidateNested({ each: true }),
    Type(() => WorkoutExerciseDto),
  )
  exercises!: WorkoutExerciseDto[];
}

/** `GET /api/users/logs/?page=&page_size=`: the caller's own logs, newest first. */
export class OwnLogsQueryDto extends PaginationQueryDto {}

/** `POST /api/users/measurements/`: the day's values, each optional, at least one given (the API checks that). */
export class MeasurementDto implements Partial<Record<MeasurementField, number | null>> {
  @optionalDate('measured_on')
  measured_on?: string | null;

  @measured('weight')
  weight?: number | null;

  @measured('body_fat')
  body_fat?: number | null;

  @measured('waist')
  waist?: number | null;

  @measured('hips')
  hips?: number | null;

  @measured('chest')
  chest?: number | null;

  @measured('arm')
  arm?: number | null;

  @measured('thigh')
  thigh?: number | null;
}

function queryDate(field: string): PropertyDecorator {
  const message = RECORD_MESSAGES.date(field);
  return rules(OptionalQuery(optionalTrim), IsString({ message }), MaxLength(10, { message }));
}

/** `GET /api/users/measurements/?from=&to=`: both dates inclusive, each optional. */
export class MeasurementsQueryDto {
  @queryDate('from')
  from?: string;

  @queryDate('to')
  to?: string;
}

/** `POST /api/users/photos/` (multipart, the picture in `image`): the day it shows and the pose. */
export class ProgressPhotoFormDto {
  @rules(Transform(optionalTrim), optionalDate('taken_on'))
  taken_on?: string;

  @rules(Transform(trim), IsIn(PHOTO_POSES, { message: RECORD_MESSAGES.pose }))
  pose!: PhotoPose;
}

/** A switch of the sharing: true or false when sent, unchanged when not. */
function optionalSwitch(field: string): PropertyDecorator {
  return rules(
    ValidateIf((_object, value) => value !== undefined),
    IsBoolean({ message: `${field} must be true or false` }),
  );
}

/** `PUT /api/users/record_sharing/{trainer_id}/`: the parts to share with that trainer or not. */
export class RecordSharingDto {
  @optionalSwitch('logs')
  logs?: boolean;

  @optionalSwitch('measurements')
  measurements?: boolean;

  @optionalSwitch('photos')
  photos?: boolean;
}

/**
 * `GET /api/trainers/subscribers/{user_id}/record/?page=&page_size=&from=&to=`: the page of the member's logs, and
 * the measurements from `from` to `to` (inclusive, each optional).
 */
export class SubscriberRecordQueryDto extends PaginationQueryDto {
  @queryDate('from')
  from?: string;

  @queryDate('to')
  to?: string;
}

/** `POST /api/logs/{id}/comments/`: a trainer's comment on a member's log, sent to the member as a chat message. */
export class LogCommentDto {
  @rules(
    Transform(trim),
    IsString({ message: 'Write a comment' }),
    IsNotEmpty({ message: 'Write a comment' }),
    MaxLength(WORKOUT_LIMITS.noteLength, {
      message: `A comment is at most ${WORKOUT_LIMITS.noteLength} characters`,
    }),
  )
  text!: string;
}
