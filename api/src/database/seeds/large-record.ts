import { localDate } from '../../common/time/local-time.js';
import { datetime, random, type Value } from './bulk-writer.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Two years of daily workouts, the record page's heaviest case. */
export const RECORD_DAYS = 700;
/** Members measure themselves once a week. */
const MEASURE_EVERY_DAYS = 7;
/** Of the lessons a member completed, they logged a workout for this share. */
const LOGGED_SHARE = 0.6;
/** One member in this many changed what they share with the big trainer. */
const SHARE_CHOICE_EVERY = 5;

/** A workout as stored: its exercises' JSON, its set count and its volume (kg moved). */
interface Workout {
  json: string;
  sets: number;
  volumeKg: number;
}

/** Exercises of `sets` sets of `reps` at `weight` kg each (null: body weight). */
function workout(exercises: [name: string, sets: number, reps: number, weight: number | null][]): Workout {
  const list = exercises.map(([name, sets, reps, weight]) => ({
    name,
    sets: Array.from({ length: sets }, () => ({ reps, weight_kg: weight, duration_seconds: null })),
  }));
  return {
    json: JSON.stringify(list),
    sets: exercises.reduce((sum, [, sets]) => sum + sets, 0),
    volumeKg: exercises.reduce((sum, [, sets, reps, weight]) => sum + sets * reps * (weight ?? 0), 0),
  };
}

const SHORT_WORKOUT = workout([
  ['Squat', 3, 8, 60],
  ['Push-up', 3, 12, null],
]);
/** Ten sets. */
const LONG_WORKOUT = workout([
  ['Squat', 4, 5, 100],
  ['Bench press', 3, 5, 70],
  ['Row', 3, 8, 50],
]);

export const WORKOUT_LOG_COLUMNS = [
  'id',
  'user_id',
  'lesson_id',
  'program_id',
  'lesson_number',
  'lesson_title',
  'performed_on',
  'effort',
  'note',
  'exercises',
  'set_count',
  'volume_kg',
  'created_at',
  'updated_at',
];

export const BODY_MEASUREMENT_COLUMNS = [
  'id',
  'user_id',
  'measured_on',
  'weight',
  'body_fat',
  'waist',
  'hips',
  'chest',
  'arm',
  'thigh',
  'created_at',
  'updated_at',
];

export const RECORD_SHARE_COLUMNS = ['id', 'user_id', 'trainer_id', 'logs', 'measurements', 'photos'];

/** A member of the big trainer: since when, the programme they follow and how many of its lessons they completed. */
export interface CoachMember {
  account: number;
  program: number;
  startedMs: number;
  completed: number;
  lessons: number;
}

/** What the record's rows are made of, from the large seed's own numbering. */
export interface RecordSeedPlan {
  nowMs: number;
  bases: { workout_log: number; body_measurement: number; record_share: number };
  /** One entry per member of the big trainer (their first subscription to it), in member order. */
  members: CoachMember[];
  /** The first this many members also have two years of daily workouts and weekly measurements. */
  recordMembers: number;
  coachTrainerId: number;
  userId(account: number): number;
  programId(program: number): number;
  lessonId(program: number, lesson: number): number;
}

const day = (ms: number) => localDate(new Date(ms), 'UTC');

/**
 * The big trainer's members log three in five of the lessons they completed, on the day they did; the record members
 * also logged a workout of ten sets every day for two years, going through the lessons of their programme in turn.
 */
export function* workoutLogRows(plan: RecordSeedPlan): Generator<Value[]> {
  const rand = random(101);
  let id = plan.bases.workout_log;
  const row = (member: CoachMember, lesson: number, atMs: number, done: Workout): Value[] => {
    const at = datetime(atMs);
    return [
      id++,
      plan.userId(member.account),
      plan.lessonId(member.program, lesson),
      plan.programId(member.program),
      lesson,
      `Day ${lesson}`,
      day(atMs),
      5 + Math.floor(rand() * 5),
      null,
      done.json,
      done.sets,
      done.volumeKg,
      at,
      at,
    ];
  };
  for (const member of plan.members) {
    for (let lesson = 1; lesson <= member.completed; lesson += 1) {
      if (rand() >= LOGGED_SHARE) continue;
      const atMs = member.startedMs + ((plan.nowMs - member.startedMs) * lesson) / (member.lessons + 1);
      yield row(member, lesson, atMs, SHORT_WORKOUT);
    }
  }
  for (const member of plan.members.slice(0, plan.recordMembers)) {
    for (let ago = RECORD_DAYS; ago >= 1; ago -= 1) {
      const lesson = ((RECORD_DAYS - ago) % member.lessons) + 1;
      yield row(member, lesson, plan.nowMs - ago * DAY_MS, LONG_WORKOUT);
    }
  }
}

/**
 * A measurement a week: since their subscription for most members, over the two years for the record members; the
 * weight going down slowly, the waist with it.
 */
export function* measurementRows(plan: RecordSeedPlan): Generator<Value[]> {
  let id = plan.bases.body_measurement;
  for (const [index, member] of plan.members.entries()) {
    const fromMs = index < plan.recordMembers ? plan.nowMs - RECORD_DAYS * DAY_MS : member.startedMs;
    const weeks = Math.floor((plan.nowMs - fromMs) / (MEASURE_EVERY_DAYS * DAY_MS));
    const start = 70 + (member.account % 30);
    for (let week = 0; week <= weeks; week += 1) {
      const atMs = fromMs + week * MEASURE_EVERY_DAYS * DAY_MS;
      const weight = Math.round((start - week * 0.1) * 10) / 10;
      const at = datetime(atMs);
      yield [
        id++,
        plan.userId(member.account),
        day(atMs),
        weight,
        20,
        weight + 10,
        null,
        null,
        null,
        null,
        at,
        at,
      ];
    }
  }
}

/** One member in five chose what the big trainer sees: some stopped sharing measurements, some share photos. */
export function* recordShareRows(plan: RecordSeedPlan): Generator<Value[]> {
  let id = plan.bases.record_share;
  for (const [index, member] of plan.members.entries()) {
    if (index % SHARE_CHOICE_EVERY !== SHARE_CHOICE_EVERY - 1) continue;
    yield [id++, plan.userId(member.account), plan.coachTrainerId, 1, index % 3 === 0 ? 0 : 1, index % 2];
  }
}
