// Over 300 lines: five tables' generated rows (column lists one a line) written by one bulk writer; they share the
// ids it chooses and read best together.
import { CURRENCIES, PROGRAM_CATEGORIES, PROGRAM_LEVELS } from '@fitcoach/contracts';
import type { DataSource, QueryRunner } from 'typeorm';
import { PasswordService } from '../../modules/auth/password.service.js';

/** The sizes of `npm run seed -- --scale large` (issue 14: the dashboard's p95 at this size). */
export const LARGE_SCALE = {
  users: 100_000,
  trainerEvery: 20,
  programs: 10_000,
  payments: 1_000_000,
} as const;

/** Its accounts' one password (hashed once, the same hash on every row). */
export const LARGE_PASSWORD = 'large-seed-password-1';

/** Accounts of the large seed are `large-<n>@example.com`; the first one marks the seed as done. */
export const largeEmail = (n: number) => `large-${n}@example.com`;

export interface LargeSeedResult {
  users: number;
  trainers: number;
  programs: number;
  payments: number;
  subscriptions: number;
  skipped: boolean;
}

/** Rows per multi-row INSERT: a few hundred kilobytes of SQL, far under MySQL's max_allowed_packet. */
const BATCH = 2_000;
/** Batches per transaction: one commit (and, on SQLite, one fsync) per 20,000 rows. */
const BATCHES_PER_TRANSACTION = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Payments are spread over the last 90 days. */
const SPREAD_DAYS = 90;
/** Payments per account: 1,000,000 payments over 100,000 accounts. */
const PAYMENTS_PER_USER = LARGE_SCALE.payments / LARGE_SCALE.users;

type Value = string | number | null;

/** Literal SQL for the generated values (numbers, null and strings of our own making), the same in both dialects. */
function literal(value: Value): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}

/** 'YYYY-MM-DD HH:MM:SS' in UTC: how both drivers store a datetime (MySQL with timezone 'Z'). */
function datetime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** A small deterministic pseudo-random generator, so two runs seed the same rows. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class BulkWriter {
  private pending = 0;

  constructor(private readonly runner: QueryRunner) {}

  /** Inserts `count` rows made by `row(i)` into `table`, BATCH rows per statement. */
  async insert(table: string, columns: string[], count: number, row: (i: number) => Value[]): Promise<void> {
    const head = `INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES `;
    for (let start = 0; start < count; start += BATCH) {
      const values: string[] = [];
      for (let i = start; i < Math.min(count, start + BATCH); i += 1) {
        values.push(`(${row(i).map(literal).join(', ')})`);
      }
      if (!this.runner.isTransactionActive) await this.runner.startTransaction();
      await this.runner.query(head + values.join(', '));
      this.pending += 1;
      if (this.pending >= BATCHES_PER_TRANSACTION) await this.commit();
    }
    await this.commit();
  }

  async commit(): Promise<void> {
    if (this.runner.isTransactionActive) await this.runner.commitTransaction();
    this.pending = 0;
  }
}

async function nextId(runner: QueryRunner, table: string): Promise<number> {
  const [row] = (await runner.query(`SELECT MAX(id) AS id FROM \`${table}\``)) as { id: number | null }[];
  return Number(row?.id ?? 0) + 1;
}

/**
 * `npm run seed -- --scale large`: 100,000 verified accounts (one in 20 a trainer), 10,000 programmes, 1,000,000
 * payments over the last 90 days (70 % completed, 10 % refunded, 15 % created and open, 5 % failed; USD and EUR)
 * and a subscription for each completed or refunded one. Multi-row INSERTs with ids chosen here (nothing is read
 * back), a transaction per 20,000 rows. Runs once: when its first account exists it changes nothing.
 */
export async function seedLarge(dataSource: DataSource, now = new Date()): Promise<LargeSeedResult> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const done = (await runner.query('SELECT id FROM `user` WHERE email = ?', [largeEmail(1)])) as unknown[];
    if (done.length > 0) {
      return { users: 0, trainers: 0, programs: 0, payments: 0, subscriptions: 0, skipped: true };
    }
    const hash = await new PasswordService().hash(LARGE_PASSWORD);
    const writer = new BulkWriter(runner);
    const userBase = await nextId(runner, 'user');
    const profileBase = await nextId(runner, 'profile');
    const trainerBase = await nextId(runner, 'trainer');
    const programBase = await nextId(runner, 'program');
    const paymentBase = await nextId(runner, 'payment');
    const subscriptionBase = await nextId(runner, 'subscription');
    const nowMs = now.getTime();
    const since = (days: number) => datetime(nowMs - days * DAY_MS);

    const users = LARGE_SCALE.users;
    const isTrainer = (i: number) => i % LARGE_SCALE.trainerEvery === 0;
    const joined = (i: number) => since(SPREAD_DAYS + 30 - (i * 120) / users);
    await writer.insert(
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
      users,
      (i) => [
        userBase + i,
        `Large${i + 1}`,
        isTrainer(i) ? 'Trainer' : 'Member',
        largeEmail(i + 1),
        hash,
        1,
        isTrainer(i) ? 1 : 0,
        0,
        0,
        joined(i),
        joined(i),
      ],
    );
    await writer.insert('profile', ['id', 'user_id'], users, (i) => [profileBase + i, userBase + i]);

    const trainers = Math.ceil(users / LARGE_SCALE.trainerEvery);
    await writer.insert(
      'trainer',
      ['id', 'user_id', 'specialisation', 'about', 'certifications', 'experience_years', 'country', 'phone'],
      trainers,
      (t) => [
        trainerBase + t,
        userBase + t * LARGE_SCALE.trainerEvery,
        'Strength',
        'Generated for load tests.',
        'None',
        1 + (t % 20),
        'Nowhere',
        '+10000000000',
      ],
    );

    const programs = LARGE_SCALE.programs;
    const price = (p: number) => (10 + (p % 90)) * 100;
    const currency = (p: number) => CURRENCIES[p % CURRENCIES.length];
    await writer.insert(
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
      programs,
      (p) => [
        programBase + p,
        trainerBase + (p % trainers),
        `Large programme #${p + 1}`,
        'A programme generated for load tests.',
        7 + (p % 12) * 7,
        price(p),
        currency(p),
        PROGRAM_CATEGORIES[p % PROGRAM_CATEGORIES.length],
        PROGRAM_LEVELS[p % PROGRAM_LEVELS.length],
        p % 10 === 9 ? 0 : 1,
      ],
    );

    // Payment i is the k-th (k < 10) of account u; k * 1009 modulo 10,000 differs for each k, so no account pays
    // twice for one programme (the open-order and active-subscription unique indexes hold).
    const rand = random(14);
    const statuses: ('completed' | 'refunded' | 'created' | 'failed')[] = [];
    const ages: number[] = [];
    for (let i = 0; i < LARGE_SCALE.payments; i += 1) {
      const r = rand();
      statuses.push(r < 0.7 ? 'completed' : r < 0.8 ? 'refunded' : r < 0.95 ? 'created' : 'failed');
      ages.push(rand() * SPREAD_DAYS * DAY_MS);
    }
    const account = (i: number) => Math.floor(i / PAYMENTS_PER_USER);
    const programOf = (i: number) => (account(i) * 7 + (i % PAYMENTS_PER_USER) * 1009) % programs;
    const at = (i: number) => nowMs - ages[i];
    await writer.insert(
      'payment',
      [
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
      ],
      LARGE_SCALE.payments,
      (i) => {
        const status = statuses[i];
        const paid = status === 'completed' || status === 'refunded';
        const p = programOf(i);
        const created = datetime(at(i) - 60_000);
        return [
          paymentBase + i,
          'test',
          `LARGE-${i + 1}`,
          paid ? `LARGE-CAPTURE-${i + 1}` : null,
          userBase + account(i),
          programBase + p,
          price(p),
          currency(p),
          status,
          status === 'created' ? 1 : null,
          paid ? `Large${account(i) + 1} Member` : null,
          paid ? datetime(at(i)) : null,
          status === 'refunded' ? datetime(Math.min(nowMs, at(i) + DAY_MS)) : null,
          created,
          created,
        ];
      },
    );

    const paid = statuses.flatMap((status, i) =>
      status === 'completed' || status === 'refunded' ? [i] : [],
    );
    await writer.insert(
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
      ],
      paid.length,
      (n) => {
        const i = paid[n];
        const active = statuses[i] === 'completed';
        const started = datetime(at(i));
        return [
          subscriptionBase + n,
          userBase + account(i),
          programBase + programOf(i),
          paymentBase + i,
          active ? 'active' : 'refunded',
          active ? 1 : null,
          started,
          active ? null : datetime(Math.min(nowMs, at(i) + DAY_MS)),
          started,
          started,
        ];
      },
    );
    return {
      users,
      trainers,
      programs,
      payments: LARGE_SCALE.payments,
      subscriptions: paid.length,
      skipped: false,
    };
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  }
}
