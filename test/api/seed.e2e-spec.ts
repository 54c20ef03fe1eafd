import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { type LessonResponse, PROGRAM_CATEGORIES, PROGRAM_LEVELS, youtubeVideoId } from '@fitcoach/contracts';
import { DataSource, In } from 'typeorm';
import { DEMO_MEMBER, DEMO_TRAINERS } from '../../api/src/database/seeds/demo-content.js';
import { DEMO_LOGINS, seedDemo } from '../../api/src/database/seeds/demo.js';
import {
  LARGE_COACH_EMAIL,
  LARGE_PASSWORD,
  type LargeSeedResult,
  largeEmail,
  largeRecordMemberEmails,
  largeSizes,
  seedLarge,
} from '../../api/src/database/seeds/large.js';
import { RECORD_DAYS } from '../../api/src/database/seeds/large-record.js';
import { SeedModule } from '../../api/src/database/seeds/seed.module.js';
import { LessonEntity } from '../../api/src/modules/lessons/lesson.entity.js';
import { PaymentEntity } from '../../api/src/modules/payments/payment.entity.js';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { PublishRequestEntity } from '../../api/src/modules/programs/publish-request.entity.js';
import { LessonCompletionEntity } from '../../api/src/modules/subscriptions/lesson-completion.entity.js';
import { SubscriptionEntity } from '../../api/src/modules/subscriptions/subscription.entity.js';
import { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { createTestApp, type TestApp, useTestApp } from '../fixtures/app.js';
import { type OwnDatabase, ownDatabase } from '../fixtures/own-database.js';
import { REFUSED, withDetail } from '../fixtures/refusals.js';

/*
 * On MySQL the worker's database outlives a run, so the demo rows may exist before the first seed: the tests
 * check the state the seed leaves, not how much it had to create.
 */

const t = useTestApp();
let dataSource: DataSource;
const EXTRA = 30;
/**
 * A seed hashes seven passwords with argon2 and draws about thirty images: 2–3 s on a quiet machine, more when
 * other suites share the cores, beyond Jest's default 5 s (the `testTimeout` of jest.config.js's projects is not
 * applied to them).
 */
const SEEDING_TIMEOUT_MS = 60_000;

beforeAll(async () => {
  dataSource = t.app.get(DataSource);
  await seedDemo(dataSource, t.config, { extraPrograms: EXTRA });
}, SEEDING_TIMEOUT_MS);

function storedFiles(): number {
  const media = join(t.config.dataDir, 'media');
  if (!existsSync(media)) return 0;
  return readdirSync(media, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    .length;
}

async function tableCounts() {
  return {
    users: await dataSource.getRepository(UserEntity).count(),
    trainers: await dataSource.getRepository(TrainerEntity).count(),
    programs: await dataSource.getRepository(ProgramEntity).count(),
    lessons: await dataSource.getRepository(LessonEntity).count(),
    publishRequests: await dataSource.getRepository(PublishRequestEntity).count(),
    payments: await dataSource.getRepository(PaymentEntity).count(),
    subscriptions: await dataSource.getRepository(SubscriptionEntity).count(),
    completions: await dataSource.getRepository(LessonCompletionEntity).count(),
    files: storedFiles(),
  };
}

async function demoPrograms() {
  const users = await dataSource
    .getRepository(UserEntity)
    .findBy({ email: In(DEMO_TRAINERS.map((trainer) => trainer.email)) });
  const trainers = await dataSource
    .getRepository(TrainerEntity)
    .findBy({ userId: In(users.map((u) => u.id)) });
  const names = DEMO_TRAINERS.flatMap((trainer) => trainer.programs.map((program) => program.name));
  const programs = await dataSource
    .getRepository(ProgramEntity)
    .findBy({ trainerId: In(trainers.map((trainer) => trainer.id)), name: In(names) });
  return { trainers, programs };
}

/**
 * The planner's row estimate of each table, as its statistics give it: the first figure of the table's sqlite_stat1
 * rows on SQLite, the primary key's cardinality on MySQL (null: no statistics).
 */
async function rowEstimates(source: DataSource, tables: string[]): Promise<Record<string, number | null>> {
  const estimates: Record<string, number | null> = {};
  for (const table of tables) {
    if (source.options.type === 'mysql') {
      const keys = (await source.query(`SHOW INDEX FROM \`${table}\` WHERE Key_name = 'PRIMARY'`)) as {
        Cardinality: number | string | null;
      }[];
      estimates[table] = keys[0]?.Cardinality === null ? null : Number(keys[0]?.Cardinality);
    } else {
      const stats = (await source.query('SELECT stat FROM sqlite_stat1 WHERE tbl = ? LIMIT 1', [table])) as {
        stat: string;
      }[];
      estimates[table] = stats.length === 0 ? null : Number(stats[0].stat.split(' ')[0]);
    }
  }
  return estimates;
}

describe(seedDemo.name, () => {
  it('changes nothing when it runs again', async () => {
    const before = await tableCounts();
    const again = await seedDemo(dataSource, t.config, { extraPrograms: EXTRA });
    expect(again.created).toEqual({
      accounts: 0,
      trainers: 0,
      programs: 0,
      lessons: 0,
      extraPrograms: 0,
      subscriptions: 0,
    });
    expect(await tableCounts()).toEqual(before);
  });

  it('leaves statistics of the tables it wrote for the query planner', async () => {
    const estimates = await rowEstimates(dataSource, ['program', 'lesson', 'user']);
    expect(Object.values(estimates).every((estimate) => estimate !== null && estimate > 0)).toBe(true);
  });

  it('subscribes the demo member to two published demo programmes, paid by test payments, one lesson done', async () => {
    const member = await dataSource.getRepository(UserEntity).findOneByOrFail({ email: DEMO_MEMBER.email });
    const subscriptions = await dataSource
      .getRepository(SubscriptionEntity)
      .find({ where: { userId: member.id }, relations: { payment: true, program: true } });
    expect(subscriptions).toHaveLength(2);
    for (const subscription of subscriptions) {
      expect(subscription).toMatchObject({
        status: 'active',
        activeFlag: 1,
        program: { isPublished: true },
        payment: { provider: 'test', status: 'completed', userId: member.id },
      });
      expect(subscription.payment?.amountMinor).toBe(subscription.program?.priceMinor);
    }
    expect(await dataSource.getRepository(LessonCompletionEntity).countBy({ userId: member.id })).toBe(1);
  });

  it('creates verified demo accounts whose logins work', async () => {
    const accounts = await dataSource
      .getRepository(UserEntity)
      .findBy({ email: In(DEMO_LOGINS.map((login) => login.email)) });
    expect(accounts).toHaveLength(7);
    expect(accounts.every((account) => account.isVerified && !account.blocked)).toBe(true);
    expect(accounts.filter((account) => account.isSuperuser).map((a) => a.email)).toEqual([
      'admin@fitcoach.local',
    ]);
    expect(accounts.filter((account) => account.isTrainer)).toHaveLength(5);
    for (const login of DEMO_LOGINS) {
      await t.http().post('/api/token/').send({ email: login.email, password: login.password }).expect(200);
    }
  });

  it('gives the five trainers distinct specialisations and countries, pictures and credentials', async () => {
    const { trainers } = await demoPrograms();
    expect(trainers).toHaveLength(5);
    expect(new Set(trainers.map((trainer) => trainer.specialisation)).size).toBe(5);
    expect(new Set(trainers.map((trainer) => trainer.country)).size).toBe(5);
    for (const trainer of trainers) {
      expect(trainer.profilePicture).toMatch(/^\/media\/trainer\/[0-9a-f]{32}\.webp$/);
      expect(trainer.certifications).not.toBe('');
    }
    expect(trainers.some((trainer) => trainer.about.split(/\s+/).length > 20)).toBe(true);
    expect(trainers.some((trainer) => trainer.about.split(/\s+/).length <= 20)).toBe(true);
  });

  it('publishes programmes in every category and level, one trainer with more than four at a level', async () => {
    const { programs } = await demoPrograms();
    const published = programs.filter((program) => program.isPublished);
    expect(published.length).toBeGreaterThanOrEqual(14);
    expect(new Set(published.map((p) => p.category))).toEqual(new Set(PROGRAM_CATEGORIES));
    expect(new Set(published.map((p) => p.level))).toEqual(new Set(PROGRAM_LEVELS));
    const perTrainerAndLevel = new Map<string, number>();
    for (const p of published) {
      const key = `${p.trainerId}/${p.level}`;
      perTrainerAndLevel.set(key, (perTrainerAndLevel.get(key) ?? 0) + 1);
    }
    expect(Math.max(...perTrainerAndLevel.values())).toBeGreaterThan(4);
    expect(published.every((p) => p.coverImage?.startsWith('/media/program/'))).toBe(true);
  });

  it('leaves two programmes unpublished with pending publish requests', async () => {
    const { programs } = await demoPrograms();
    const unpublished = programs.filter((program) => !program.isPublished);
    expect(unpublished).toHaveLength(2);
    const requests = await dataSource
      .getRepository(PublishRequestEntity)
      .findBy({ programId: In(unpublished.map((p) => p.id)) });
    expect(requests.map((request) => request.status)).toEqual(['pending', 'pending']);
  });

  it('gives every programme three to five lessons linking to YouTube in mixed forms', async () => {
    const { programs } = await demoPrograms();
    const lessons = await dataSource
      .getRepository(LessonEntity)
      .findBy({ programId: In(programs.map((p) => p.id)) });
    for (const program of programs) {
      const count = lessons.filter((lesson) => lesson.programId === program.id).length;
      expect(count).toBeGreaterThanOrEqual(3);
      expect(count).toBeLessThanOrEqual(5);
    }
    expect(lessons.every((lesson) => youtubeVideoId(lesson.videoUrl) === lesson.videoId)).toBe(true);
    const hosts = new Set(lessons.map((lesson) => new URL(lesson.videoUrl).hostname));
    expect(hosts).toEqual(new Set(['www.youtube.com', 'youtu.be', 'm.youtube.com', 'youtube.com']));
    expect(lessons.some((lesson) => lesson.videoUrl.includes('/shorts/'))).toBe(true);
  });

  it('serves the seeded lessons through the API, without the videos for visitors', async () => {
    const { programs } = await demoPrograms();
    const program = programs.find((p) => p.isPublished);
    const res = await t.http().get(`/api/fitness_programs/getLessons/${program?.id}/`).expect(200);
    const body = res.body as LessonResponse[];
    expect(body.length).toBeGreaterThanOrEqual(3);
    expect(body.every((lesson) => lesson.title !== '' && lesson.video_url === null)).toBe(true);
  });

  it('adds the extra published programmes, numbered 1..N, spread over the demo trainers', async () => {
    const { trainers } = await demoPrograms();
    const published = await dataSource
      .getRepository(ProgramEntity)
      .findBy({ trainerId: In(trainers.map((trainer) => trainer.id)), isPublished: true });
    const numbered = published.filter((p) => /#\d+$/.test(p.name));
    const numbers = new Set(numbered.map((p) => Number(p.name.split('#')[1])));
    expect(Array.from({ length: EXTRA }, (_, i) => numbers.has(i + 1))).not.toContain(false);
    expect(new Set(numbered.map((p) => p.trainerId)).size).toBe(5);
  });
});

describe(SeedModule.name, () => {
  it(
    'seeds at start-up when SEED_DEMO=true, even in a test run',
    async () => {
      const seeded = await createTestApp({ env: { SEED_DEMO: 'true' }, extraModules: [SeedModule] });
      try {
        await seeded
          .http()
          .post('/api/token/')
          .send({ email: 'trainer3@fitcoach.local', password: 'trainer-password' })
          .expect(200);
      } finally {
        await seeded.close();
      }
    },
    SEEDING_TIMEOUT_MS,
  );

  /** What the Docker image runs: production on an embedded database (its own, here, on MySQL runs too). */
  const dockerImage = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a-production-secret-of-32-characters!',
    DATABASE_URL: '',
    // Production refuses the test payment provider; nothing here calls PayPal.
    PAYPAL_CLIENT_ID: 'production-client-id',
    PAYPAL_CLIENT_SECRET: 'production-client-secret',
  };

  it('does not seed a production server when SEED_DEMO is unset, even on an empty database', async () => {
    const production = await createTestApp({ env: dockerImage, extraModules: [SeedModule] });
    try {
      await production
        .http()
        .post('/api/token/')
        .send({ email: 'admin@fitcoach.local', password: 'admin-password' })
        .expect(401, withDetail(REFUSED.badCredentials));
      expect(await production.app.get(DataSource).getRepository(UserEntity).count()).toBe(0);
    } finally {
      await production.close();
    }
  });

  it(
    'seeds a production server with SEED_DEMO=true, warning that the published passwords work',
    async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn');
      try {
        const production = await createTestApp({
          env: { ...dockerImage, SEED_DEMO: 'true' },
          extraModules: [SeedModule],
        });
        try {
          await production
            .http()
            .post('/api/token/')
            .send({ email: 'admin@fitcoach.local', password: 'admin-password' })
            .expect(200);
        } finally {
          await production.close();
        }
        const warnings = warn.mock.calls.map(([message]) => String(message));
        const warning = warnings.find((message) => message.startsWith('SEED_DEMO=true in production'));
        expect(warning).toContain('admin@fitcoach.local / admin-password');
        expect(warning).toContain('trainer5@fitcoach.local / trainer-password');
      } finally {
        warn.mockRestore();
      }
    },
    SEEDING_TIMEOUT_MS,
  );
});

describe(seedLarge.name, () => {
  const FACTOR = 0.01;
  const sizes = largeSizes(FACTOR);
  let own: OwnDatabase;
  let large: TestApp;
  let source: DataSource;
  let result: LargeSeedResult;

  beforeAll(async () => {
    own = await ownDatabase('large_seed');
    large = await createTestApp({ env: own.env });
    source = large.app.get(DataSource);
    result = await seedLarge(source, { factor: FACTOR });
  }, SEEDING_TIMEOUT_MS);
  afterAll(async () => {
    await large?.close();
    await own?.drop();
  });

  async function counts(): Promise<Record<string, number>> {
    const entries = await Promise.all(
      Object.keys(result.rows).map(async (table) => {
        const [row] = (await source.query(`SELECT COUNT(*) AS n FROM \`${table}\``)) as {
          n: number | string;
        }[];
        return [table, Number(row.n)] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  /** The big trainer's active subscriptions, their members and the lessons they completed. */
  async function coachFigures() {
    const [row] = (await source.query(
      `SELECT COUNT(*) AS subscriptions, COUNT(DISTINCT s.user_id) AS members FROM subscription s
       JOIN program p ON p.id = s.program_id JOIN trainer t ON t.id = p.trainer_id JOIN \`user\` u ON u.id = t.user_id
       WHERE u.email = ? AND s.active_flag = 1`,
      [LARGE_COACH_EMAIL],
    )) as { subscriptions: number | string; members: number | string }[];
    const [done] = (await source.query(
      `SELECT COUNT(*) AS n FROM lesson_completion c JOIN lesson l ON l.id = c.lesson_id
       JOIN program p ON p.id = l.program_id JOIN trainer t ON t.id = p.trainer_id JOIN \`user\` u ON u.id = t.user_id
       WHERE u.email = ?`,
      [LARGE_COACH_EMAIL],
    )) as { n: number | string }[];
    return {
      subscriptions: Number(row.subscriptions),
      members: Number(row.members),
      completions: Number(done.n),
    };
  }

  it('writes the rows it reports, at the sizes its factor gives', async () => {
    expect(result.skipped).toBe(false);
    expect(await counts()).toEqual(result.rows);
    expect(result.rows.user).toBe(sizes.users + 2);
    expect(result.rows.program).toBe(sizes.programs + 4);
    expect(result.rows.payment).toBe(sizes.payments + (sizes.coachSubscribers * 3) / 2);
    for (const table of ['lesson', 'lesson_completion', 'chat_message', 'notification', 'outbox'] as const) {
      expect(result.rows[table]).toBeGreaterThan(0);
    }
  });

  it('leaves statistics of every table it wrote for the query planner, near their sizes', async () => {
    const written = await counts();
    const estimates = await rowEstimates(source, Object.keys(written));
    for (const [table, count] of Object.entries(written)) {
      expect([table, estimates[table]]).toEqual([table, expect.any(Number)]);
      expect(estimates[table]).toBeGreaterThan(count / 2);
      expect(estimates[table]).toBeLessThan(count * 2);
    }
  });

  it('changes nothing when it runs again', async () => {
    const before = await counts();
    const again = await seedLarge(source, { factor: FACTOR });
    expect(again.skipped).toBe(true);
    expect(Object.values(again.rows).every((count) => count === 0)).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('gives the big trainer its members, one or two subscriptions each, and about 40 completions a member', async () => {
    const figures = await coachFigures();
    expect(figures).toMatchObject({
      subscriptions: (sizes.coachSubscribers * 3) / 2,
      members: sizes.coachSubscribers,
    });
    expect(figures.completions).toBeGreaterThan(sizes.coachSubscribers * 30);
    expect(figures.completions).toBeLessThan(sizes.coachSubscribers * 50);
  });

  it('signs the big trainer and the members in with the one password, and lists what they follow', async () => {
    const coach = await large
      .http()
      .post('/api/token/')
      .send({ email: LARGE_COACH_EMAIL, password: LARGE_PASSWORD })
      .expect(200);
    const subscribers = await large
      .http()
      .get('/api/trainers/get_subscribers/')
      .set('Authorization', `Bearer ${coach.body.access}`)
      .expect(200);
    expect(subscribers.headers['x-total-count']).toBe(String((sizes.coachSubscribers * 3) / 2));
    const member = await large
      .http()
      .post('/api/token/')
      .send({ email: largeEmail(2), password: LARGE_PASSWORD })
      .expect(200);
    const followed = await large
      .http()
      .get('/api/users/getFollowedPrograms/')
      .set('Authorization', `Bearer ${member.body.access}`)
      .expect(200);
    expect((followed.body as unknown[]).length).toBeGreaterThan(0);
  });

  it("moves members through their programmes' lessons in order: some finished, most part-way", async () => {
    const progress = (await source.query(
      `SELECT COUNT(c.id) AS done,
         (SELECT COUNT(*) FROM lesson a WHERE a.program_id = s.program_id) AS lessons
       FROM subscription s
       LEFT JOIN lesson l ON l.program_id = s.program_id
       LEFT JOIN lesson_completion c ON c.lesson_id = l.id AND c.user_id = s.user_id
       WHERE s.active_flag = 1 GROUP BY s.id, s.program_id`,
    )) as { done: number | string; lessons: number | string }[];
    const shares = { none: 0, partWay: 0, finished: 0 };
    for (const row of progress) {
      const [done, lessons] = [Number(row.done), Number(row.lessons)];
      if (done === 0) shares.none += 1;
      else if (done === lessons) shares.finished += 1;
      else shares.partWay += 1;
    }
    expect(shares.finished).toBeGreaterThan(progress.length / 20);
    expect(shares.partWay).toBeGreaterThan(progress.length / 2);
    const completions = (await source.query(
      `SELECT COUNT(*) AS done, MAX(l.number) AS last
       FROM lesson_completion c JOIN lesson l ON l.id = c.lesson_id GROUP BY c.user_id, l.program_id`,
    )) as { done: number | string; last: number | string }[];
    expect(completions.every((row) => Number(row.done) === Number(row.last))).toBe(true);
  });

  it('gives the big trainer’s members a training record that the API reads, the first two years of daily workouts', async () => {
    const signIn = await large
      .http()
      .post('/api/token/')
      .send({ email: largeRecordMemberEmails(FACTOR)[0], password: LARGE_PASSWORD })
      .expect(200);
    const auth = `Bearer ${signIn.body.access}`;
    const logs = await large
      .http()
      .get('/api/users/logs/?page_size=1')
      .set('Authorization', auth)
      .expect(200);
    expect(Number(logs.headers['x-total-count'])).toBeGreaterThanOrEqual(RECORD_DAYS);
    const me = (await large.http().get('/api/users/me/').set('Authorization', auth).expect(200)).body as {
      id: number;
    };
    // Ten sets: 4 × 5 × 100 kg, 3 × 5 × 70 kg and 3 × 8 × 50 kg.
    const [daily] = (await source.query(
      'SELECT COUNT(*) AS n FROM workout_log WHERE user_id = ? AND set_count = 10 AND volume_kg = 4250',
      [me.id],
    )) as { n: number | string }[];
    expect(Number(daily.n)).toBe(RECORD_DAYS);
    const measurements = await large
      .http()
      .get('/api/users/measurements/')
      .set('Authorization', auth)
      .expect(200);
    expect(measurements.body.length).toBeGreaterThan(RECORD_DAYS / 7);
    const [logged] = (await source.query('SELECT COUNT(DISTINCT user_id) AS members FROM workout_log')) as {
      members: number | string;
    }[];
    expect(Number(logged.members)).toBeGreaterThan(sizes.coachSubscribers / 2);
    expect(result.rows.record_share).toBe(Math.floor(sizes.coachSubscribers / 5));
  });

  it('gives the big trainer’s programmes verified reviews whose standings the programmes keep', async () => {
    expect(result.rows.review).toBeGreaterThan(sizes.coachSubscribers / 4);
    expect(result.rows.review_vote).toBeGreaterThan(0);
    expect(result.rows.review_report).toBeGreaterThan(0);
    const mismatched = (await source.query(
      `SELECT p.id FROM program p
       WHERE p.review_count <> (SELECT COUNT(*) FROM review r WHERE r.program_id = p.id AND r.hidden = 0)
       OR p.stars_total <> (SELECT COALESCE(SUM(r.stars), 0) FROM review r WHERE r.program_id = p.id AND r.hidden = 0)`,
    )) as unknown[];
    expect(mismatched).toEqual([]);
    const trainers = (await source.query(
      `SELECT t.id, t.review_count AS reviews, t.rating,
         (SELECT COUNT(*) FROM review r JOIN program p ON p.id = r.program_id
          WHERE p.trainer_id = t.id AND r.hidden = 0) AS counted,
         (SELECT SUM(r.stars) FROM review r JOIN program p ON p.id = r.program_id
          WHERE p.trainer_id = t.id AND r.hidden = 0) AS stars
       FROM trainer t WHERE t.review_count > 0 OR t.rating IS NOT NULL`,
    )) as { reviews: number | string; rating: number; counted: number | string; stars: number | string }[];
    expect(trainers.length).toBeGreaterThan(0);
    for (const trainer of trainers) {
      expect(Number(trainer.reviews)).toBe(Number(trainer.counted));
      // MySQL keeps the rating as a FLOAT (about seven digits); pages show one decimal.
      expect(trainer.rating).toBeCloseTo(Number(trainer.stars) / Number(trainer.counted), 4);
    }
    const [votes] = (await source.query(
      'SELECT COUNT(*) AS n FROM review r WHERE r.helpful_count <> (SELECT COUNT(*) FROM review_vote v WHERE v.review_id = r.id)',
    )) as { n: number | string }[];
    expect(Number(votes.n)).toBe(0);
  });
});
