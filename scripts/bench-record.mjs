// `npm run bench:record`: the training record on the large seed (`npm run seed -- --scale large`). Its 50 members
// with two years of daily workouts (700 of ten sets each, a measurement a week) open their record page, each request
// from the next of them, with one request in ten logging a workout; the big trainer (5,000 subscribers) opens the
// subscribers view and those members' record pages. Each row runs for BENCH_RECORD_SECONDS (10) at 1 connection
// (one page at a time: the targets' reading) and at 4 (pages queuing for the one JavaScript thread), on SQLite (BENCH_SCALE_SQLITE_DIR, .bench/large-sqlite, shared with bench:scale and
// seeded there on first use) and, with BENCH_RECORD_DATABASE_URL (plus REDIS_URL when set), on MariaDB. Needs
// `npm run build`. Exits 1 when a target is missed; writes each database's figures to .bench/bench-record-<db>.json.
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
/** The targets hold at the first: one page at a time, each from another member. */
const CONNECTIONS = [1, 4];
const SECONDS = Number(process.env.BENCH_RECORD_SECONDS ?? 10);
const SQLITE_DIR = process.env.BENCH_SCALE_SQLITE_DIR ?? join(root, '.bench/large-sqlite');
const TRAINER = 'large-coach@example.com';
/** p95 in ms: the member's record page, and the trainer's subscribers view. */
const TARGETS = { record: 100, subscribers: 150 };
const WRITE_EVERY = 10;
const RECORD_DAYS = 700;

/** The seed's record members, signed in: their token, account id and a lesson of the programme they follow. */
async function recordMembers(url) {
  const { largeRecordMemberEmails } = await import(
    new URL('../api/dist/database/seeds/large.js', import.meta.url).href
  );
  const members = [];
  for (const [n, email] of largeRecordMemberEmails().entries()) {
    const token = await signInLarge(url, email, n + 1);
    const me = await api(url, '/api/users/me/', { token });
    const logs = await fetch(`${url}/api/users/logs/?page_size=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (Number(logs.headers.get('X-Total-Count')) < RECORD_DAYS) {
      throw new Error(
        `${email} has fewer than ${RECORD_DAYS} workouts: the database was seeded before the training record. ` +
          `Remove ${SQLITE_DIR} (or the MariaDB database) and run again.`,
      );
    }
    const [entry] = await api(url, '/api/users/getFollowedPrograms/', { token });
    const program = entry.program.find((followed) => followed.program_name.startsWith('Coach programme'));
    members.push({ email, token, id: me.id, lesson: `${program.id}-1` });
  }
  return members;
}

const cookie = (token) => ({ ...BROWSER, Cookie: `accessToken=${token}` });

/** A workout of ten sets, as a member logs it from the lesson player. */
const WORKOUT = JSON.stringify({
  effort: 7,
  exercises: [
    { name: 'Squat', sets: Array.from({ length: 4 }, () => ({ reps: 5, weight: 100 })) },
    { name: 'Bench press', sets: Array.from({ length: 3 }, () => ({ reps: 5, weight: 70 })) },
    { name: 'Row', sets: Array.from({ length: 3 }, () => ({ reps: 8, weight: 50 })) },
  ],
});

/** A request's rows at each of CONNECTIONS, the target judged at the first. */
const rows = (url, title, next, targetMs) =>
  judgedRows(url, { title, next, targetMs, connections: CONNECTIONS, seconds: SECONDS });

async function benchDatabase(name, env) {
  console.log(`\n## ${name}\n`);
  seedLargeScale(env);
  const server = await startProductionServer(env);
  try {
    const loadBefore = loadAverage();
    const members = await recordMembers(server.url);
    const pick = (k) => members[k % members.length];
    const trainer = await signInLarge(server.url, TRAINER, 0);
    // Every page once before the clock starts, as on a site that has been up a while.
    for (const member of members) {
      await fetch(`${server.url}/record`, { headers: cookie(member.token) });
      await fetch(`${server.url}/subscribers/${member.id}/record`, { headers: cookie(trainer) });
    }
    const measured = [
      ...(await rows(
        server.url,
        '/record (a member with 700 workouts of ten sets, each request another member)',
        (k) => ({ path: '/record', headers: cookie(pick(k).token) }),
        TARGETS.record,
      )),
      ...(await rows(
        server.url,
        `/record with ${100 / WRITE_EVERY} % writes (a workout logged)`,
        (k) => {
          const member = pick(k);
          if (k % WRITE_EVERY !== 0) return { path: '/record', headers: cookie(member.token) };
          return {
            method: 'POST',
            path: `/api/lessons/${member.lesson}/logs/`,
            headers: {
              ...BROWSER,
              Authorization: `Bearer ${member.token}`,
              'Content-Type': 'application/json',
            },
            body: WORKOUT,
          };
        },
        TARGETS.record,
      )),
      ...(await rows(
        server.url,
        "/trainerDashboard?view=subscribers (the trainer's, 5,000 subscribers)",
        () => ({ path: '/trainerDashboard?view=subscribers', headers: cookie(trainer) }),
        TARGETS.subscribers,
      )),
      ...(await rows(
        server.url,
        "/subscribers/{id}/record (the trainer's view, each request another member)",
        (k) => ({ path: `/subscribers/${pick(k).id}/record`, headers: cookie(trainer) }),
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
  'record',
  { sqliteDir: SQLITE_DIR, mariadbVariable: 'BENCH_RECORD_DATABASE_URL', seconds: SECONDS },
  benchDatabase,
);
