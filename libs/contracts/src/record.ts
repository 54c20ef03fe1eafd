import type { NumericRange } from './limits.js';

/** The training record's limits (docs/product.md): a log's size and the ranges a number may take. */
export const WORKOUT_LIMITS = {
  exercises: 30,
  setsPerExercise: 20,
  exerciseNameLength: 100,
  noteLength: 2000,
} as const;

export const WORKOUT_RANGES = {
  reps: { min: 0, max: 1000 },
  /** kg; a weight typed in lb is converted first. */
  weightKg: { min: 0, max: 1000 },
  durationSeconds: { min: 1, max: 86_400 },
  effort: { min: 1, max: 10 },
} as const satisfies Record<string, NumericRange>;

export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export const KG_PER_LB = 0.45359237;

/** Body measurements: weight in kg, body fat in %, circumferences in cm. */
export const MEASUREMENT_FIELDS = ['weight', 'body_fat', 'waist', 'hips', 'chest', 'arm', 'thigh'] as const;
export type MeasurementField = (typeof MEASUREMENT_FIELDS)[number];

export const MEASUREMENT_RANGES = {
  weight: { min: 20, max: 500 },
  body_fat: { min: 2, max: 75 },
  waist: { min: 30, max: 300 },
  hips: { min: 30, max: 300 },
  chest: { min: 30, max: 300 },
  arm: { min: 10, max: 100 },
  thigh: { min: 20, max: 150 },
} as const satisfies Record<MeasurementField, NumericRange>;

export const MEASUREMENT_UNITS: Record<MeasurementField, string> = {
  weight: 'kg',
  body_fat: '%',
  waist: 'cm',
  hips: 'cm',
  chest: 'cm',
  arm: 'cm',
  thigh: 'cm',
};

export const MEASUREMENT_LABELS: Record<MeasurementField, string> = {
  weight: 'Weight',
  body_fat: 'Body fat',
  waist: 'Waist',
  hips: 'Hips',
  chest: 'Chest',
  arm: 'Arm',
  thigh: 'Thigh',
};

/** How far back a workout, a measurement or a photo may be dated, in days from the member's today. */
export const RECORD_DATE_RANGE_DAYS = 3650;

export const PHOTO_POSES = ['front', 'side', 'back'] as const;
export type PhotoPose = (typeof PHOTO_POSES)[number];

/** The name of a record download: `fitcoach-workouts-2026-11-29.csv`. */
export function recordCsvFileName(part: 'workouts' | 'measurements', date: Date): string {
  return `fitcoach-${part}-${date.toISOString().slice(0, 10)}.csv`;
}

/** One set: repetitions (with a weight, or none for body weight) or a duration. */
export interface WorkoutSet {
  reps: number | null;
  weight_kg: number | null;
  duration_seconds: number | null;
}

export interface WorkoutExercise {
  name: string;
  sets: WorkoutSet[];
}

/** A trainer's comment on a log: a chat message from the trainer to the member, linked to the log. */
export interface WorkoutLogComment {
  id: number;
  text: string;
  sender: { id: number; name: string };
  created_at: string;
}

/** `GET /api/lessons/{lesson_number}/logs/` items and the answer of every log route. */
export interface WorkoutLogResponse {
  id: number;
  /** `"{programmeId}-{n}"`, as everywhere else; the bare `n` once the programme is deleted. */
  lesson_number: string;
  lesson_title: string;
  /** Null once the trainer deleted the programme. */
  program: { id: number; name: string } | null;
  /** Null once the trainer deleted the lesson. */
  lesson_id: number | null;
  performed_on: string;
  effort: number | null;
  note: string | null;
  exercises: WorkoutExercise[];
  set_count: number;
  volume_kg: number;
  comments: WorkoutLogComment[];
  created_at: string;
  updated_at: string;
}

/** `GET /api/users/measurements/` items; a field not measured that day is null. */
export interface MeasurementResponse {
  id: number;
  measured_on: string;
  weight: number | null;
  body_fat: number | null;
  waist: number | null;
  hips: number | null;
  chest: number | null;
  arm: number | null;
  thigh: number | null;
  created_at: string;
}

/** The poses' names on pages. */
export const PHOTO_POSE_LABELS: Record<PhotoPose, string> = { front: 'Front', side: 'Side', back: 'Back' };

/** A progress photo; `url` answers only its owner and the trainers they share photos with, never cached publicly. */
export interface ProgressPhotoResponse {
  id: number;
  taken_on: string;
  pose: PhotoPose;
  url: string;
  width: number;
  height: number;
  created_at: string;
}

/** What a member shares with a trainer. */
export interface RecordSharing {
  logs: boolean;
  measurements: boolean;
  photos: boolean;
}

export const RECORD_SHARE_DEFAULTS: RecordSharing = { logs: true, measurements: true, photos: false };

/** `GET /api/users/record_sharing/` items: one per trainer the member follows (an active subscription). */
export interface RecordSharingResponse extends RecordSharing {
  trainer: { id: number; name: string; image: string | null };
}

/**
 * `GET /api/trainers/subscribers/{user_id}/record/`: only what the member shares with the caller; a part not shared
 * is null. Logs are those of the caller's programmes, newest first, one page at a time.
 */
export interface SubscriberRecordResponse {
  user: { id: number; name: string };
  shared: RecordSharing;
  logs: { count: number; page: number; page_size: number; results: WorkoutLogResponse[] } | null;
  measurements: MeasurementResponse[] | null;
  photos: ProgressPhotoResponse[] | null;
}

export const RECORD_MESSAGES = {
  lessonNumber: 'lesson_number must be written {programme}-{n}, e.g. 26-3',
  lessonNotFound: 'Lesson not found',
  notSubscribed: 'Subscribe to this programme to log its lessons',
  logNotFound: 'Log not found',
  measurementNotFound: 'Measurement not found',
  measurementEmpty: 'Give at least one measurement',
  photoNotFound: 'Photo not found',
  pose: 'pose must be front, side or back',
  date: (field: string) => `${field} must be a date (YYYY-MM-DD), not in the future and within ten years`,
  trainerNotFollowed: 'You do not follow this trainer',
  subscriberNotFound: 'Subscriber not found',
  notShared: 'This member does not share their record with you',
  notActive: 'This member has no active subscription to your programmes',
  commentNotAllowed: 'You can comment only on logs of your programmes that the member shares with you',
} as const;
