// Over 300 lines: sixteen tables' generated rows (column lists one a line) share the ids and the draws the seeder
// makes once, and read best together.
import { CURRENCIES, PROGRAM_CATEGORIES, PROGRAM_LEVELS } from '@fitcoach/contracts';
import type { DataSource, QueryRunner } from 'typeorm';
import { hashToken } from '../../common/auth/token-hash.js';
import { localDate, localTime } from '../../common/time/local-time.js';
import { analyzeTables } from '../../common/database/statistics.js';
import { PasswordService } from '../../modules/auth/password.service.js';
import { GROWING_TABLES } from '../tables.js';
import { BulkWriter, datetime, nextId, random, rows, type Value } from './bulk-writer.js';
import {
  REVIEW_COLUMNS,
  REVIEW_REPORT_COLUMNS,
  REVIEW_VOTE_COLUMNS,
  reportRows,
  type ReviewSeedPlan,
  reviewRows,
  seededReviews,
  voteRows,
  writeStandings,
} from './large-reviews.js';
import {
  BODY_MEASUREMENT_COLUMNS,
  type CoachMember,
  measurementRows,
  RECORD_SHARE_COLUMNS,
  type RecordSeedPlan,
  recordShareRows,
  WORKOUT_LOG_COLUMNS,
  workoutLogRows,
} from './large-record.js';

/** The sizes of `npm run seed -- --scale large`, factor 1 (the size at which the admin dashboard must answer p95 under 100 ms). */
export const LARGE_SCALE = {
  users: 100_000,
  trainerEvery: 20,
  programs: 10_000,
  payments: 1_000_000,
  /** Members of the one big trainer, `LARGE_COACH_EMAIL`, each following one or two of its programmes. */
  coachSubscribers: 5_000,
  auditEntries: 5_000,
  outboxRows: 50_000,
  /** Active subscriptions with a reminder time, all due within a day of the seed. */
  reminders: 100_000,
  /** Members of the big trainer with two years of daily workouts (700 of ten sets) and weekly measurements. */
  recordMembers: 50,
} as const;

/** Every account's one password (hashed once, the same hash on every row). */
export const LARGE_PASSWORD = 'large-seed-password-1';

/** Accounts of the large seed are `large-<n>@example.com`; the first one marks the seed as done. */
export const largeEmail = (n: number) => `large-${n}@example.com`;

/** The j-th account that is neither a trainer nor the superuser (the big trainer's j-th member). */
const memberAccount = (j: number) => j + Math.floor(j / (LARGE_SCALE.trainerEvery - 1)) + 1;

/** The members with two years of daily workouts, at `factor`: the big trainer's first members. */
export function largeRecordMemberEmails(factor = 1): string[] {
  return Array.from({ length: largeSizes(factor).recordMembers }, (_, j) => largeEmail(memberAccount(j) + 1));
}

/** The trainer with thousands of active subscribers and their progress. */
export const LARGE_COACH_EMAIL = 'large-coach@example.com';

/** The superuser whose actions fill the audit log. */
export const LARGE_ADMIN_EMAIL = 'large-admin@example.com';

/** Below this factor the seed has too few programmes to give each payment of an account its own. */
const MIN_FACTOR = 0.001;
const MAX_FACTOR = 10;

export interface LargeSeedOptions {
  /** Every size of LARGE_SCALE times this (0.05: 5,000 accounts, 500 programmes, 50,000 payments, ...). */
  factor?: number;
  now?: Date;
}

/** The rows written, per table. */
export type LargeSeedRows = Record<(typeof GROWING_TABLES)[number], number>;

export interface LargeSeedResult {
  factor: number;
  /** True when the seed had run on this database before: nothing written. */
  skipped: boolean;
  rows: LargeSeedRows;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Payments are spread over the last 90 days. */
const SPREAD_DAYS = 90;
/** Payments per account: 1,000,000 payments over 100,000 accounts. */
const PAYMENTS_PER_USER = LARGE_SCALE.payments / LARGE_SCALE.users;
const COACH_PROGRAMS = 4;
/** The big trainer's programmes are day-based over seven weeks: 48 lessons each. */
const COACH_LESSONS = 48;
/** One active subscription in this many has a conversation with its trainer. */
const CHAT_EVERY = 8;
/** Subscriptions of the last two weeks told their trainer with a notification. */
const SUBSCRIBER_NEWS_DAYS = 14;
const VIDEO_ID = 'dQw4w9WgXcQ';
/** The seeded reminders' zones: their members' reminder times are the clock there at the same instants. */
const REMINDER_ZONES = ['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'America/New_York', 'Australia/Sydney'];
/** The seeded reminders come due from the first whole hour at least this long after the seed, over one day. */
const REMINDERS_AFTER_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** 22 hours: every seeded reminder is its clock time's first coming after the seed, as the job would set it. */
const REMINDER_SPREAD_MINUTES = 22 * 60;
const TEXTS = [
  'How is the programme going for you?',
  'Lesson three was hard, but I finished it.',
  'Keep the rest days: they are part of the plan.',
  'Can I swap the Thursday session for a run?',
  'Great progress this week!',
  'Thanks, see you in the next lesson.',
];

export interface LargeSizes {
  users: number;
  trainers: number;
  programs: number;
  payments: number;
  coachSubscribers: number;
  auditEntries: number;
  outboxRows: number;
  reminders: number;
  recordMembers: number;
}

/** LARGE_SCALE times `factor`, whole numbers. */
export function largeSizes(factor: number): LargeSizes {
  if (!Number.isFinite(factor) || factor < MIN_FACTOR || factor > MAX_FACTOR) {
    throw new RangeError(`The large seed's factor must be from ${MIN_FACTOR} to ${MAX_FACTOR}`);
  }
  const users = Math.round(LARGE_SCALE.users * factor);
  let programs = Math.round(LARGE_SCALE.programs * factor);
  // An account's k-th payment is for programme (7a + 1009k) mod programs: distinct for k < 10 unless 1009 divides it.
  if (programs % 1009 === 0) programs += 1;
  return {
    users,
    trainers: Math.ceil(users / LARGE_SCALE.trainerEvery),
    programs,
    payments: users * PAYMENTS_PER_USER,
    coachSubscribers: Math.round(LARGE_SCALE.coachSubscribers * factor),
    auditEntries: Math.round(LARGE_SCALE.auditEntries * factor),
    outboxRows: Math.round(LARGE_SCALE.outboxRows * factor),
    reminders: Math.round(LARGE_SCALE.reminders * factor),
    recordMembers: Math.min(
      Math.max(1, Math.round(LARGE_SCALE.recordMembers * factor)),
      Math.round(LARGE_SCALE.coachSubscribers * factor),
    ),
  };
}

/**
 * `npm run seed -- --scale large [--factor F]`: at factor 1, 100,000 verified accounts (one in 20 a trainer) plus
 * the big trainer `large-coach@example.com` and the superuser `large-admin@example.com`; 10,000 programmes of 5 to
 * 10 lessons (nine in ten published, each with its publish request) plus the big trainer's four of 48; 1,000,000
 * payments over the last 90 days (70 % completed, 10 % refunded, 15 % created and open, 5 % failed; USD and EUR) and
 * a subscription for each completed or refunded one; the big trainer's 5,000 members with 7,500 active
 * subscriptions and about 200,000 lesson completions, and their training record (a workout logged for three in
 * five of those lessons, a measurement a week, one in five choosing what they share; the first 50 members with two
 * years of daily workouts of ten sets); the other members' completions (a fifth not started, a tenth finished, the
 * rest part-way); conversations of one active subscription in eight with its trainer, each message
 * with its notification; a sign-in and a used verification link per account; PayPal events, an audit log and
 * dispatched outbox rows. Multi-row INSERTs with ids chosen here (nothing is read back), a transaction per 20,000
 * rows, then ANALYZE of every table it wrote. Runs once: when its first account exists it changes nothing.
 */
export async function seedLarge(
  dataSource: DataSource,
  options: LargeSeedOptions = {},
): Promise<LargeSeedResult> {
  const factor = options.factor ?? 1;
  const sizes = largeSizes(factor);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const done = (await runner.query('SELECT id FROM `user` WHERE email = ?', [largeEmail(1)])) as unknown[];
    if (done.length > 0) {
      const none = Object.fromEntries(GROWING_TABLES.map((table) => [table, 0])) as LargeSeedRows;
      return { factor, skipped: true, rows: none };
    }
    const hash = await new PasswordService().hash(LARGE_PASSWORD);
    const bases = Object.fromEntries(
      await Promise.all(GROWING_TABLES.map(async (table) => [table, await nextId(runner, table)] as const)),
    ) as LargeSeedRows;
    const seeder = new LargeSeeder(runner, sizes, bases, hash, (options.now ?? new Date()).getTime());
    const written = await seeder.run();
    await analyzeTables(dataSource, GROWING_TABLES);
    return { factor, skipped: false, rows: written };
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  }
}

/** One subscription as the later tables need it: whose, to which programme, since when, active or not. */
interface Enrolment {
  account: number;
  program: number;
  startedMs: number;
  active: boolean;
}

/** One chat message before it is written: its notification repeats most of it. */
interface Message {
  sender: number;
  recipient: number;
  text: string;
  atMs: number;
  read: boolean;
}

/**
 * Accounts, trainers and programmes are numbered from 0 and written with ids `base + number`: account `users` is the
 * big trainer and `users + 1` the superuser; programmes `programs` … `programs + 3` are the big trainer's.
 */
class LargeSeeder {
  private readonly writer: BulkWriter;
  private readonly coach: number;
  private readonly admin: number;
  private readonly accounts: number;
  private readonly allPrograms: number;
  /** The id of programme p's first lesson minus the lesson base. */
  private readonly lessonOffsets: Int32Array;
  private readonly statuses: ('completed' | 'refunded' | 'created' | 'failed')[] = [];
  private readonly ages: number[] = [];
  private readonly enrolments: Enrolment[] = [];

  constructor(
    private readonly runner: QueryRunner,
    private readonly sizes: LargeSizes,
    private readonly bases: LargeSeedRows,
    private readonly hash: string,
    private readonly nowMs: number,
  ) {
    this.writer = new BulkWriter(runner);
    this.coach = sizes.users;
    this.admin = sizes.users + 1;
    this.accounts = sizes.users + 2;
    this.allPrograms = sizes.programs + COACH_PROGRAMS;
    this.lessonOffsets = new Int32Array(this.allPrograms + 1);
    for (let p = 0; p < this.allPrograms; p += 1) {
      this.lessonOffsets[p + 1] = this.lessonOffsets[p] + this.lessonsOf(p);
    }
    const rand = random(14);
    for (let i = 0; i < sizes.payments; i += 1) {
      const r = rand();
      this.statuses.push(r < 0.7 ? 'completed' : r < 0.8 ? 'refunded' : r < 0.95 ? 'created' : 'failed');
      this.ages.push(rand() * SPREAD_DAYS * DAY_MS);
    }
  }

  async run(): Promise<LargeSeedRows> {
    const written = {} as LargeSeedRows;
    const steps: Record<(typeof GROWING_TABLES)[number], () => Promise<number>> = {
      user: () => this.users(),
      profile: () =>
        this.writer.insert(
          'profile',
          ['id', 'user_id'],
          rows(this.accounts, (a) => [this.bases.profile + a, this.userId(a)]),
        ),
      trainer: () => this.trainers(),
      program: () => this.programs(),
      publish_request: () => this.publishRequests(),
      lesson: () => this.lessons(),
      payment: () => this.payments(),
      subscription: () => this.subscriptions(),
      payment_event: () => this.paymentEvents(),
      lesson_completion: () => this.completions(),
      workout_log: () =>
        this.writer.insert('workout_log', WORKOUT_LOG_COLUMNS, workoutLogRows(this.record())),
      body_measurement: () =>
        this.writer.insert('body_measurement', BODY_MEASUREMENT_COLUMNS, measurementRows(this.record())),
      record_share: () =>
        this.writer.insert('record_share', RECORD_SHARE_COLUMNS, recordShareRows(this.record())),
      review: async () => {
        const written = await this.writer.insert(
          'review',
          REVIEW_COLUMNS,
          reviewRows(this.reviewPlan(), this.reviews()),
        );
        await writeStandings(this.runner, this.reviewPlan(), this.reviews());
        return written;
      },
      review_vote: () =>
        this.writer.insert('review_vote', REVIEW_VOTE_COLUMNS, voteRows(this.reviewPlan(), this.reviews())),
      review_report: () =>
        this.writer.insert(
          'review_report',
          REVIEW_REPORT_COLUMNS,
          reportRows(this.reviewPlan(), this.reviews()),
        ),
      chat_message: () => this.chatMessages(),
      notification: () => this.notifications(),
      refresh_token: () => this.refreshTokens(),
      email_verification: () => this.verificationLinks(),
      audit_entry: () => this.auditEntries(),
      outbox: () => this.outbox(),
    };
    for (const table of GROWING_TABLES) written[table] = await steps[table]();
    return written;
  }

  private userId = (account: number) => this.bases.user + account;
  private programId = (program: number) => this.bases.program + program;
  private since = (days: number) => datetime(this.nowMs - days * DAY_MS);
  private isTrainer = (account: number) =>
    account === this.coach || (account < this.sizes.users && account % LARGE_SCALE.trainerEvery === 0);

  private firstName(account: number): string {
    return account < this.sizes.users ? `Large${account + 1}` : 'Large';
  }

  private lastName(account: number): string {
    if (account === this.coach) return 'Coach';
    if (account === this.admin) return 'Admin';
    return this.isTrainer(account) ? 'Trainer' : 'Member';
  }

  private fullName = (account: number) => `${this.firstName(account)} ${this.lastName(account)}`;

  private email(account: number): string {
    if (account === this.coach) return LARGE_COACH_EMAIL;
    if (account === this.admin) return LARGE_ADMIN_EMAIL;
    return largeEmail(account + 1);
  }

  private joinedMs(account: number): number {
    const order = Math.min(account, this.sizes.users);
    return this.nowMs - (SPREAD_DAYS + 30 - (order * 120) / this.sizes.users) * DAY_MS;
  }

  /** The account of generic trainer t, and the trainer of programme p. */
  private trainerAccount = (t: number) => t * LARGE_SCALE.trainerEvery;
  private trainerOf = (p: number) =>
    p < this.sizes.programs ? p % this.sizes.trainers : this.sizes.trainers;
  private trainerAccountOf = (p: number) =>
    p < this.sizes.programs ? this.trainerAccount(this.trainerOf(p)) : this.coach;

  private lessonsOf = (p: number) => (p < this.sizes.programs ? 5 + (p % 6) : COACH_LESSONS);
  private isPublished = (p: number) => p >= this.sizes.programs || p % 10 !== 9;
  private price = (p: number) => (10 + (p % 90)) * 100;
  private currency = (p: number) => CURRENCIES[p % CURRENCIES.length];
  private programName = (p: number) =>
    p < this.sizes.programs ? `Large programme #${p + 1}` : `Coach programme #${p - this.sizes.programs + 1}`;

  private users(): Promise<number> {
    return this.writer.insert(
      'user',
      [
        'id',
        'first_name',
        'last_name',
        'email',
        'password_hash',
        'is_verified',
        'is_trainer',
        'is_superuser',
        'blocked',
        'created_at',
        'updated_at',
      ],
      rows(this.accounts, (a) => [
        this.userId(a),
        this.firstName(a),
        this.lastName(a),
        this.email(a),
        this.hash,
        1,
        this.isTrainer(a) ? 1 : 0,
        a === this.admin ? 1 : 0,
        0,
        datetime(this.joinedMs(a)),
        datetime(this.joinedMs(a)),
      ]),
    );
  }

  private trainers(): Promise<number> {
    return this.writer.insert(
      'trainer',
      ['id', 'user_id', 'specialisation', 'about', 'certifications', 'experience_years', 'country', 'phone'],
      rows(this.sizes.trainers + 1, (t) => [
        this.bases.trainer + t,
        this.userId(t < this.sizes.trainers ? this.trainerAccount(t) : this.coach),
        'Strength',
        'Generated for load tests.',
        'None',
        1 + (t % 20),
        'Nowhere',
        '+10000000000',
      ]),
    );
  }

  private programs(): Promise<number> {
    return this.writer.insert(
      'program',
      [
        'id',
        'trainer_id',
        'name',
        'description',
        'duration_days',
        'price_minor',
        'currency',
        'category',
        'level',
        'is_published',
      ],
      rows(this.allPrograms, (p) => [
        this.programId(p),
        this.bases.trainer + this.trainerOf(p),
        this.programName(p),
        'A programme generated for load tests.',
        p < this.sizes.programs ? 7 + (p % 12) * 7 : COACH_LESSONS,
        this.price(p),
        this.currency(p),
        PROGRAM_CATEGORIES[p % PROGRAM_CATEGORIES.length],
        PROGRAM_LEVELS[p % PROGRAM_LEVELS.length],
        this.isPublished(p) ? 1 : 0,
      ]),
    );
  }

  /** Published programmes were approved; of the others a third wait, a third were rejected, a third blocked. */
  private publishRequests(): Promise<number> {
    const decided = this.since(SPREAD_DAYS + 10);
    return this.writer.insert(
      'publish_request',
      ['id', 'program_id', 'status', 'decided_at', 'reason', 'created_at', 'updated_at'],
      rows(this.allPrograms, (p) => {
        const status = this.isPublished(p)
          ? 'approved'
          : ['pending', 'rejected', 'blocked'][((p / 10) % 3) | 0];
        const asked = this.since(SPREAD_DAYS + 20 - (p % 20));
        return [
          this.bases.publish_request + p,
          this.programId(p),
          status,
          status === 'pending' ? null : decided,
          status === 'rejected' ? 'The lesson videos need a clearer title.' : null,
          asked,
          status === 'pending' ? asked : decided,
        ];
      }),
    );
  }

  private lessons(): Promise<number> {
    return this.writer.insert(
      'lesson',
      ['id', 'program_id', 'number', 'title', 'description', 'video_url', 'video_id'],
      this.lessonRows(),
    );
  }

  private *lessonRows(): Generator<Value[]> {
    for (let p = 0; p < this.allPrograms; p += 1) {
      for (let n = 1; n <= this.lessonsOf(p); n += 1) {
        yield [
          this.bases.lesson + this.lessonOffsets[p] + n - 1,
          this.programId(p),
          n,
          `Day ${n}`,
          'A lesson generated for load tests.',
          `https://www.youtube.com/watch?v=${VIDEO_ID}`,
          VIDEO_ID,
        ];
      }
    }
  }

  // Payment i is the k-th (k < 10) of account u; k * 1009 modulo the programmes differs for each k (largeSizes), so
  // no account pays twice for one programme (the open-order and active-subscription unique indexes hold).
  private account = (i: number) => Math.floor(i / PAYMENTS_PER_USER);
  private programOf = (i: number) =>
    (this.account(i) * 7 + (i % PAYMENTS_PER_USER) * 1009) % this.sizes.programs;
  private paidAt = (i: number) => this.nowMs - this.ages[i];

  private member = memberAccount;

  /**
   * The big trainer's members: member j follows programme j mod 4, and every other one also the next programme, so
   * that 5,000 members hold 7,500 subscriptions.
   */
  private coachEnrolments(): Enrolment[] {
    const rand = random(49);
    const enrolments: Enrolment[] = [];
    for (let j = 0; j < this.sizes.coachSubscribers; j += 1) {
      const programs = j % 2 === 0 ? [j % COACH_PROGRAMS, (j + 1) % COACH_PROGRAMS] : [j % COACH_PROGRAMS];
      for (const c of programs) {
        enrolments.push({
          account: this.member(j),
          program: this.sizes.programs + c,
          startedMs: this.nowMs - rand() * SPREAD_DAYS * DAY_MS,
          active: true,
        });
      }
    }
    return enrolments;
  }

  private async payments(): Promise<number> {
    const coach = this.coachEnrolments();
    const generic = rows(this.sizes.payments, (i) => {
      const status = this.statuses[i];
      const paid = status === 'completed' || status === 'refunded';
      const p = this.programOf(i);
      const created = datetime(this.paidAt(i) - 60_000);
      return [
        this.bases.payment + i,
        'test',
        `LARGE-${i + 1}`,
        paid ? `LARGE-CAPTURE-${i + 1}` : null,
        this.userId(this.account(i)),
        this.programId(p),
        this.price(p),
        this.currency(p),
        status,
        status === 'created' ? 1 : null,
        paid ? this.fullName(this.account(i)) : null,
        paid ? datetime(this.paidAt(i)) : null,
        status === 'refunded' ? datetime(Math.min(this.nowMs, this.paidAt(i) + DAY_MS)) : null,
        created,
        created,
      ];
    });
    const coachPayments = rows(coach.length, (s) => {
      const { account, program, startedMs } = coach[s];
      const created = datetime(startedMs - 60_000);
      return [
        this.bases.payment + this.sizes.payments + s,
        'test',
        `LARGE-COACH-${s + 1}`,
        `LARGE-COACH-CAPTURE-${s + 1}`,
        this.userId(account),
        this.programId(program),
        this.price(program),
        this.currency(program),
        'completed',
        null,
        this.fullName(account),
        datetime(startedMs),
        null,
        created,
        created,
      ];
    });
    const columns = [
      'id',
      'provider',
      'order_id',
      'capture_id',
      'user_id',
      'program_id',
      'amount_minor',
      'currency',
      'status',
      'open_flag',
      'payer_name',
      'completed_at',
      'refunded_at',
      'created_at',
      'updated_at',
    ];
    const written =
      (await this.writer.insert('payment', columns, generic)) +
      (await this.writer.insert('payment', columns, coachPayments));
    this.statuses.forEach((status, i) => {
      if (status !== 'completed' && status !== 'refunded') return;
      this.enrolments.push({
        account: this.account(i),
        program: this.programOf(i),
        startedMs: this.paidAt(i),
        active: status === 'completed',
      });
    });
    this.enrolments.push(...coach);
    return written;
  }

  /**
   * Subscription n is enrolment n; its payment is the n-th paid one (the big trainer's after the others). Evenly
   * spread active ones (`sizes.reminders` of them) have a reminder time in one of REMINDER_ZONES, each due at its own
   * minute of the 22 hours that start at the first whole hour an hour after the seed: a run of the reminder job a day
   * later finds them all due (`npm run bench:reminders`).
   */
  private subscriptions(): Promise<number> {
    const paid: number[] = [];
    this.statuses.forEach((status, i) => {
      if (status === 'completed' || status === 'refunded') paid.push(i);
    });
    const generic = paid.length;
    const active = this.enrolments.filter((enrolment) => enrolment.active).length;
    const every = Math.max(1, Math.floor(active / Math.max(1, this.sizes.reminders)));
    const fromMs = Math.ceil((this.nowMs + REMINDERS_AFTER_MS) / (60 * MINUTE_MS)) * 60 * MINUTE_MS;
    let activeSeen = 0;
    let reminders = 0;
    const reminderOf = (account: number, active: boolean): [string | null, string, string | null] => {
      // A member's subscriptions share their zone, as the schedule form sets it.
      if (!active) return [null, REMINDER_ZONES[account % REMINDER_ZONES.length], null];
      activeSeen += 1;
      if ((activeSeen - 1) % every !== 0 || reminders >= this.sizes.reminders) {
        return [null, REMINDER_ZONES[account % REMINDER_ZONES.length], null];
      }
      reminders += 1;
      const atMs = fromMs + ((reminders * 7) % REMINDER_SPREAD_MINUTES) * MINUTE_MS;
      const zone = REMINDER_ZONES[account % REMINDER_ZONES.length];
      return [localTime(new Date(atMs), zone), zone, datetime(atMs)];
    };
    return this.writer.insert(
      'subscription',
      [
        'id',
        'user_id',
        'program_id',
        'payment_id',
        'status',
        'active_flag',
        'started_at',
        'ended_at',
        'created_at',
        'updated_at',
        'start_date',
        'reminder_time',
        'timezone',
        'next_reminder_at',
        'last_completed_at',
        'finished_at',
      ],
      rows(this.enrolments.length, (n) => {
        const { account, program, startedMs, active } = this.enrolments[n];
        const payment = n < generic ? paid[n] : this.sizes.payments + n - generic;
        const started = datetime(startedMs);
        const [reminderTime, zone, nextReminderAt] = reminderOf(account, active);
        return [
          this.bases.subscription + n,
          this.userId(account),
          this.programId(program),
          this.bases.payment + payment,
          active ? 'active' : 'refunded',
          active ? 1 : null,
          started,
          active ? null : datetime(Math.min(this.nowMs, startedMs + DAY_MS)),
          started,
          started,
          localDate(new Date(startedMs), zone),
          reminderTime,
          zone,
          nextReminderAt,
          ...this.progressOf(n),
        ];
      }),
    );
  }

  /** PayPal's word on one completed payment in ten. */
  private paymentEvents(): Promise<number> {
    return this.writer.insert(
      'payment_event',
      [
        'id',
        'event_id',
        'event_type',
        'resource_id',
        'payload',
        'status',
        'processed_at',
        'created_at',
        'updated_at',
      ],
      this.paymentEventRows(),
    );
  }

  private *paymentEventRows(): Generator<Value[]> {
    let n = 0;
    for (let i = 0; i < this.sizes.payments; i += 10) {
      if (this.statuses[i] !== 'completed') continue;
      const at = datetime(this.paidAt(i));
      yield [
        this.bases.payment_event + n,
        `WH-LARGE-${i + 1}`,
        'PAYMENT.CAPTURE.COMPLETED',
        `LARGE-CAPTURE-${i + 1}`,
        '{}',
        'processed',
        at,
        at,
        at,
      ];
      n += 1;
    }
  }

  /**
   * Members work through the lessons of their active subscriptions in order: of the big trainer's a quarter
   * finished and the rest somewhere in the first 38 of 48; of the others a fifth not started, a tenth finished and
   * the rest part-way.
   */
  private completions(): Promise<number> {
    return this.writer.insert(
      'lesson_completion',
      ['id', 'user_id', 'lesson_id', 'completed_at', 'created_at', 'updated_at'],
      this.completionRows(),
    );
  }

  private *completionRows(): Generator<Value[]> {
    const done = this.done();
    let id = this.bases.lesson_completion;
    for (const [index, { account, program }] of this.enrolments.entries()) {
      for (let n = 1; n <= done[index]; n += 1) {
        const at = datetime(this.completedAtMs(index, n));
        yield [id, this.userId(account), this.bases.lesson + this.lessonOffsets[program] + n - 1, at, at, at];
        id += 1;
      }
    }
  }

  /** Lessons completed, by enrolment: drawn once, for the completions and the subscriptions' progress. */
  private drawnDone?: Int32Array;
  private done(): Int32Array {
    if (this.drawnDone) return this.drawnDone;
    const rand = random(77);
    const done = new Int32Array(this.enrolments.length);
    for (const [index, { program, active }] of this.enrolments.entries()) {
      if (!active) continue;
      const lessons = this.lessonsOf(program);
      const r = rand();
      done[index] =
        program >= this.sizes.programs
          ? r < 0.25
            ? lessons
            : Math.floor(rand() * 39)
          : r < 0.2
            ? 0
            : r < 0.3
              ? lessons
              : 1 + Math.floor(rand() * (lessons - 1));
    }
    this.drawnDone = done;
    return done;
  }

  /** Members spread their lessons evenly from subscribing until now. */
  private completedAtMs(index: number, lesson: number): number {
    const { program, startedMs } = this.enrolments[index];
    return startedMs + ((this.nowMs - startedMs) * lesson) / (this.lessonsOf(program) + 1);
  }

  /** A subscription's progress as marking its completions left it: the latest one, and the finish. */
  private progressOf(index: number): [string | null, string | null] {
    const done = this.done()[index];
    if (done === 0) return [null, null];
    const last = datetime(this.completedAtMs(index, done));
    return [last, done === this.lessonsOf(this.enrolments[index].program) ? last : null];
  }

  /** The reviews of the big trainer's members, drawn once for the reviews, votes, reports and standings. */
  private seeded?: ReturnType<typeof seededReviews>;
  private reviews(): ReturnType<typeof seededReviews> {
    this.seeded ??= seededReviews(this.reviewPlan());
    return this.seeded;
  }

  private reviewPlan(): ReviewSeedPlan {
    const { nowMs, members, userId, programId } = this.record();
    return { nowMs, bases: this.bases, members, userId, programId };
  }

  /** The training record's rows are drawn from the big trainer's members and the lessons they completed. */
  private recordPlan?: RecordSeedPlan;
  /** Drawn once, after the completions were written. */
  private record(): RecordSeedPlan {
    this.recordPlan ??= this.drawRecord();
    return this.recordPlan;
  }

  private drawRecord(): RecordSeedPlan {
    const members: CoachMember[] = [];
    const seen = new Set<number>();
    for (const [index, { account, program, startedMs }] of this.enrolments.entries()) {
      if (program < this.sizes.programs || seen.has(account)) continue;
      seen.add(account);
      const completed = this.done()[index];
      members.push({ account, program, startedMs, completed, lessons: this.lessonsOf(program) });
    }
    return {
      nowMs: this.nowMs,
      bases: this.bases,
      members,
      recordMembers: this.sizes.recordMembers,
      coachTrainerId: this.bases.trainer + this.sizes.trainers,
      userId: this.userId,
      programId: this.programId,
      lessonId: (program, lesson) => this.bases.lesson + this.lessonOffsets[program] + lesson - 1,
    };
  }

  /**
   * The conversations, the same every time they are asked for: one active subscription in eight (and one of the big
   * trainer's members in four) talks with its trainer, member first, in turns; the last message is unread half the
   * time.
   */
  private *messages(): Generator<Message> {
    const rand = random(91);
    for (const [n, { account, program, startedMs, active }] of this.enrolments.entries()) {
      const coach = program >= this.sizes.programs;
      if (!active || n % (coach ? 4 : CHAT_EVERY) !== 0) continue;
      const trainer = this.trainerAccountOf(program);
      // A trainer may follow a programme of its own: nobody to talk to.
      if (trainer === account) continue;
      const count = coach ? 4 + Math.floor(rand() * 7) : 2 + Math.floor(rand() * 7);
      const lastRead = rand() < 0.5;
      for (let k = 0; k < count; k += 1) {
        const fromMember = k % 2 === 0;
        yield {
          sender: fromMember ? account : trainer,
          recipient: fromMember ? trainer : account,
          text: TEXTS[(n + k) % TEXTS.length],
          atMs: startedMs + ((this.nowMs - startedMs) * (k + 1)) / (count + 1),
          read: k < count - 1 || lastRead,
        };
      }
    }
  }

  private chatMessages(): Promise<number> {
    return this.writer.insert(
      'chat_message',
      [
        'id',
        'sender_id',
        'recipient_id',
        'low_id',
        'high_id',
        'type',
        'text',
        'forwarded',
        'read_at',
        'created_at',
        'updated_at',
      ],
      this.messageRows(),
    );
  }

  private *messageRows(): Generator<Value[]> {
    let id = this.bases.chat_message;
    for (const message of this.messages()) {
      const [sender, recipient] = [this.userId(message.sender), this.userId(message.recipient)];
      const at = datetime(message.atMs);
      yield [
        id,
        sender,
        recipient,
        Math.min(sender, recipient),
        Math.max(sender, recipient),
        'text',
        message.text,
        0,
        message.read ? at : null,
        at,
        at,
      ];
      id += 1;
    }
  }

  /** Each message's notification (read with it), then each subscription of the last two weeks told its trainer. */
  private notifications(): Promise<number> {
    return this.writer.insert(
      'notification',
      [
        'id',
        'user_id',
        'sender_id',
        'sender_name',
        'category',
        'message',
        'payload',
        'read_at',
        'created_at',
        'updated_at',
      ],
      this.notificationRows(),
    );
  }

  private *notificationRows(): Generator<Value[]> {
    const recent = this.nowMs - SUBSCRIBER_NEWS_DAYS * DAY_MS;
    let id = this.bases.notification;
    let messageId = this.bases.chat_message;
    for (const message of this.messages()) {
      const at = datetime(message.atMs);
      yield [
        id,
        this.userId(message.recipient),
        this.userId(message.sender),
        this.fullName(message.sender),
        'message',
        message.text,
        `{"message_id":${messageId}}`,
        message.read ? at : null,
        at,
        at,
      ];
      id += 1;
      messageId += 1;
    }
    for (const { account, program, startedMs } of this.enrolments) {
      if (startedMs < recent) continue;
      const at = datetime(startedMs);
      yield [
        id,
        this.userId(this.trainerAccountOf(program)),
        this.userId(account),
        this.fullName(account),
        'subscriber',
        `${this.fullName(account)} subscribed to ${this.programName(program)}`,
        `{"program_id":${this.programId(program)},"user_id":${this.userId(account)}}`,
        this.nowMs - startedMs > 2 * DAY_MS ? datetime(startedMs + DAY_MS) : null,
        at,
        at,
      ];
      id += 1;
    }
  }

  /** A session per account: a third signed out, the rest live for up to 30 more days. */
  private refreshTokens(): Promise<number> {
    return this.writer.insert(
      'refresh_token',
      [
        'id',
        'user_id',
        'family_id',
        'token_hash',
        'expires_at',
        'revoked_at',
        'signed_in_at',
        'created_at',
        'updated_at',
      ],
      rows(this.accounts, (a) => {
        const issued = this.nowMs - (a % 30) * DAY_MS;
        return [
          this.bases.refresh_token + a,
          this.userId(a),
          `00000000-0000-4000-8000-${a.toString(16).padStart(12, '0')}`,
          hashToken(`large-refresh-${a}`),
          datetime(issued + 30 * DAY_MS),
          a % 3 === 0 ? datetime(issued + DAY_MS) : null,
          datetime(issued),
          datetime(issued),
          datetime(issued),
        ];
      }),
    );
  }

  /** The link each account verified its address with. */
  private verificationLinks(): Promise<number> {
    return this.writer.insert(
      'email_verification',
      ['id', 'user_id', 'email', 'token_hash', 'expires_at', 'used_at', 'created_at', 'updated_at'],
      rows(this.accounts, (a) => {
        const sent = this.joinedMs(a);
        return [
          this.bases.email_verification + a,
          this.userId(a),
          this.email(a),
          hashToken(`large-verify-${a}`),
          datetime(sent + DAY_MS),
          datetime(sent + 60_000),
          datetime(sent),
          datetime(sent + 60_000),
        ];
      }),
    );
  }

  /** The superuser's decisions over 90 days, oldest first: accounts blocked and unblocked, programmes moderated. */
  private auditEntries(): Promise<number> {
    const count = this.sizes.auditEntries;
    return this.writer.insert(
      'audit_entry',
      [
        'id',
        'actor_id',
        'actor_name',
        'action',
        'target_type',
        'target_id',
        'target_label',
        'reason',
        'created_at',
        'updated_at',
      ],
      rows(count, (e): Value[] => {
        const at = datetime(this.nowMs - ((count - e) * SPREAD_DAYS * DAY_MS) / count);
        const head = [this.bases.audit_entry + e, this.userId(this.admin), this.fullName(this.admin)];
        const account = this.member(e % (this.sizes.users - this.sizes.trainers));
        const program = e % this.sizes.programs;
        switch (e % 4) {
          case 0:
          case 1:
            return [
              ...head,
              e % 4 === 0 ? 'block_user' : 'unblock_user',
              'user',
              this.userId(account),
              this.email(account),
              null,
              at,
              at,
            ];
          case 2:
            return [
              ...head,
              'publish_program',
              'program',
              this.programId(program),
              this.programName(program),
              null,
              at,
              at,
            ];
          default:
            return [
              ...head,
              'reject_program',
              'program',
              this.programId(program),
              this.programName(program),
              'The lesson videos need a clearer title.',
              at,
              at,
            ];
        }
      }),
    );
  }

  /** Receipts handed to the queue over the last six days (the relay forgets dispatched rows after a week). */
  private outbox(): Promise<number> {
    const count = this.sizes.outboxRows;
    return this.writer.insert(
      'outbox',
      [
        'id',
        'queue',
        'job_name',
        'payload',
        'dedupe_key',
        'runner',
        'attempts',
        'dispatched_at',
        'created_at',
        'updated_at',
      ],
      rows(count, (o) => {
        const at = datetime(this.nowMs - ((count - o) * 6 * DAY_MS) / count);
        return [
          this.bases.outbox + o,
          'mail',
          'mail.payment-receipt',
          `{"paymentId":${this.bases.payment + o}}`,
          `payment-receipt-test-LARGE-${o + 1}`,
          'bull',
          1,
          at,
          at,
          at,
        ];
      }),
    );
  }
}
