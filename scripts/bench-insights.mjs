// `npm run bench:insights`: a trainer's insights and a long review listing on the large seed (`npm run seed --
// --scale large`). The big trainer (5,000 subscribers, about 200,000 lesson completions) reads their insights for 30
// days and for a year, also while their members complete lessons (one request in ten); anyone reads pages of a
// programme with 10,000 reviews, newest and most helpful first, each request another page, anonymous or from another
// member. Each row runs for BENCH_INSIGHTS_SECONDS (10) at 1 connection (the targets' reading) and at 4, on SQLite
// (BENCH_SCALE_SQLITE_DIR, .bench/large-sqlite, shared with bench:scale and seeded there on first use) and, with
// BENCH_INSIGHTS_DATABASE_URL (plus REDIS_URL when set), on MariaDB. The 10,000 reviews are written straight to the
// tables of the bench's database on first use (a listing's cost is its rows and indexes, not how they came), with the
// standings they make. Needs `npm run build`. Exits 1 when a target is missed; writes each database's figures to
// .bench/bench-insights-<db>.json.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSER } from './bench-floor.mjs';
import {
  api,
  judgedRows,
  loadAverage,
  rssMb,
  runJudgedBench,
  seedLargeScale,
  signInLarge,
  startProductionServer,
} from './bench-support.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = [1, 4];
const SECONDS = Number(process.env.BENCH_INSIGHTS_SECONDS ?? 10);
const SQLITE_DIR = process.env.BENCH_SCALE_SQLITE_DIR ?? join(root, '.bench/large-sqlite');
const TRAINER = 'large-coach@example.com';
/** p95 in ms: the insights answer, and a page of reviews. */
const TARGETS = { insights: 150, reviews: 50 };
const REVIEWS = 10_000;
const PAGE_SIZE = 10;
const WRITE_EVERY = 10;

/** The database of `env`, for the few statements that write the reviews: `query(sql, params)` and `close()`. */
async function openDatabase(env) {
  if (env.DATABASE_URL) {
    const mysql = await import('mysql2/promise');
    const connection = await mysql.createConnection(env.DATABASE_URL);
    return {
      query: async (sql, params = []) => (await connection.query(sql, params))[0],
      close: () => connection.end(),
    };
  }
  const Database = createRequire(join(root, 'api/package.json'))('better-sqlite3');
  const db = new Database(join(env.DATA_DIR, 'fitcoach.sqlite'));
  return {
    query: async (sql, params = []) =>
      /^\s*SELECT/i.test(sql) ? db.prepare(sql).all(...params) : db.prepare(sql).run(...params),
    close: () => db.close(),
  };
}

/**
 * The first published programme of another trainer than the big one, given REVIEWS reviews by as many members
 * (stars and helpful votes spread), its standing and its trainer's summed as the API keeps them. Once per database.
 */
async function reviewedProgramme(env) {
  const db = await openDatabase(env);
  try {
    const [program] = await db.query(
      `SELECT p.id, p.trainer_id AS trainer, p.review_count AS reviews FROM program p
       JOIN trainer t ON t.id = p.trainer_id JOIN user u ON u.id = t.user_id
       WHERE p.is_published = 1 AND u.email <> ? ORDER BY p.id LIMIT 1`,
      [TRAINER],
    );
    if (Number(program.reviews) < REVIEWS) {
      await db.query(
        `INSERT INTO review (program_id, user_id, stars, title, text, helpful_count, hidden, created_at, updated_at)
         SELECT ?, u.id, 1 + (u.id * 7) % 5, 'Written for the bench', 'Ten thousand members said a few words.',
           (u.id * 13) % 50, 0, '2026-01-01 00:00:00', '2026-01-01 00:00:00'
         FROM user u WHERE u.is_trainer = 0 AND u.is_superuser = 0
         AND NOT EXISTS (SELECT 1 FROM review r WHERE r.program_id = ? AND r.user_id = u.id)
         ORDER BY u.id LIMIT ${REVIEWS - Number(program.reviews)}`,
        [program.id, program.id],
      );
      await db.query(
        `UPDATE program SET
           review_count = (SELECT COUNT(*) FROM review r WHERE r.program_id = ? AND r.hidden = 0),
           stars_total = (SELECT COALESCE(SUM(r.stars), 0) FROM review r WHERE r.program_id = ? AND r.hidden = 0)
         WHERE id = ?`,
        [program.id, program.id, program.id],
      );
      await db.query(
        `UPDATE trainer SET
           review_count = (SELECT COALESCE(SUM(p.review_count), 0) FROM program p WHERE p.trainer_id = ?),
           rating = (SELECT SUM(p.stars_total) * 1.0 / NULLIF(SUM(p.review_count), 0) FROM program p
                     WHERE p.trainer_id = ?)
         WHERE id = ?`,
        [program.trainer, program.trainer, program.trainer],
      );
    }
    const [{ reviews }] = await db.query('SELECT review_count AS reviews FROM program WHERE id = ?', [
      program.id,
    ]);
    if (Number(reviews) < REVIEWS) throw new Error(`programme ${program.id} has only ${reviews} reviews`);
    return Number(program.id);
  } finally {
    await db.close();
  }
}

/** The big trainer's members of the training record, signed in, with a lesson of their programme to complete. */
async function coachMembers(url) {
  const { largeRecordMemberEmails } = await import(
    new URL('../api/dist/database/seeds/large.js', import.meta.url).href
  );
  const members = [];
  for (const [n, email] of largeRecordMemberEmails().entries()) {
    const token = await signInLarge(url, email, n + 1);
    const [entry] = await api(url, '/api/users/getFollowedPrograms/', { token });
    const program = entry.program.find((followed) => followed.program_name.startsWith('Coach programme'));
    members.push({ token, program: program.id });
  }
  return members;
}

const day = (ms) => new Date(ms).toISOString().slice(0, 10);

/** A request's rows at each of CONNECTIONS, the target judged at the first. */
const rows = (url, title, next, targetMs) =>
  judgedRows(url, { title, next, targetMs, connections: CONNECTIONS, seconds: SECONDS });

async function benchDatabase(name, env) {
  console.log(`\n## ${name}\n`);
  seedLargeScale(env);
  const program = await reviewedProgramme(env);
  const server = await startProductionServer(env);
  try {
    const loadBefore = loadAverage();
    const trainer = await signInLarge(server.url, TRAINER, 0);
    const members = await coachMembers(server.url);
    const bearer = (token) => ({ ...BROWSER, Authorization: `Bearer ${token}` });
    const year = `?from=${day(Date.now() - 364 * 86_400_000)}&to=${day(Date.now())}`;
    const insights = (query) => ({ path: `/api/trainers/me/insights/${query}`, headers: bearer(trainer) });
    const pages = REVIEWS / PAGE_SIZE;
    // Pages spread over the whole list, each request another one: 1, 378, 755, ... modulo the pages.
    const pageOf = (k) => 1 + ((k * 377) % pages);
    const reviewsPath = (k, sort) =>
      `/api/fitness_programs/${program}/reviews/?page=${pageOf(k)}&page_size=${PAGE_SIZE}&sort=${sort}`;
    for (let k = 0; k < 20; k += 1)
      await fetch(`${server.url}${insights('').path}`, { headers: bearer(trainer) });
    const measured = [
      ...(await rows(
        server.url,
        "GET /api/trainers/me/insights/ (the big trainer's, the last 30 days)",
        () => insights(''),
        TARGETS.insights,
      )),
      ...(await rows(
        server.url,
        "GET /api/trainers/me/insights/ (the big trainer's, a year)",
        () => insights(year),
        TARGETS.insights,
      )),
      ...(await rows(
        server.url,
        `the same with ${100 / WRITE_EVERY} % writes (a member completes a lesson)`,
        (k) => {
          if (k % WRITE_EVERY !== 0) return insights(year);
          const member = members[(k / WRITE_EVERY) % members.length];
          const lesson = 1 + (Math.floor(k / WRITE_EVERY / members.length) % 48);
          return {
            path: `/api/fitness_programs/updatelessonProgress/${member.program}-${lesson}/`,
            headers: bearer(member.token),
          };
        },
        TARGETS.insights,
      )),
      ...(await rows(
        server.url,
        `GET /api/fitness_programs/{id}/reviews/ (${REVIEWS.toLocaleString('en')} reviews, newest first, anonymous, each request another page)`,
        (k) => ({ path: reviewsPath(k, 'newest'), headers: BROWSER }),
        TARGETS.reviews,
      )),
      ...(await rows(
        server.url,
        'the same, most helpful first, each request from another member',
        (k) => ({ path: reviewsPath(k, 'helpful'), headers: bearer(members[k % members.length].token) }),
        TARGETS.reviews,
      )),
    ];
    return {
      name,
      rows: measured,
      memory: rssMb(server.process.pid),
      load: { before: loadBefore, after: loadAverage() },
    };
  } finally {
    server.process.kill('SIGTERM');
  }
}

await runJudgedBench(
  'insights',
  { sqliteDir: SQLITE_DIR, mariadbVariable: 'BENCH_INSIGHTS_DATABASE_URL', seconds: SECONDS },
  benchDatabase,
);
