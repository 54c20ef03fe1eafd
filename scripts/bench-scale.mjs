// `npm run bench:scale`: the site under real load. Hundreds of distinct members are signed in on the large seed
// (`npm run seed -- --scale large`), and every request of a row comes from the next member, so no answer kept for
// one caller can serve the next; a mixed row adds 10 % writes (lesson completions, chat messages). Each row runs
// next to its floor (a bare Node server sending the bytes of a signed-in /programmes from memory), on SQLite and,
// with BENCH_SCALE_DATABASE_URL (MariaDB, plus REDIS_URL when set), on MariaDB. Needs `npm run build`.
//
// BENCH_SCALE_MEMBERS (300), BENCH_SCALE_SECONDS (10 per row), BENCH_SCALE_SQLITE_DIR (.bench/large-sqlite: seeded
// there on first use), BENCH_SCALE_DATABASE_URL, BENCH_SCALE_TRAINER (the seed's trainer with 5,000 subscribers).
// Exits 1 when a target is missed; writes each database's figures to .bench/bench-scale-<database>.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSER, capture, startFloor } from './bench-floor.mjs';
import {
  api,
  loadAverage,
  measureCallers,
  rssMb,
  seedLargeScale,
  signInLarge,
  benchDatabases,
  requireProductionBuild,
  startProductionServer,
} from './bench-support.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const MEMBERS = Number(process.env.BENCH_SCALE_MEMBERS ?? 300);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const CONNECTIONS = 32;
const SQLITE_DIR = process.env.BENCH_SCALE_SQLITE_DIR ?? join(root, '.bench/large-sqlite');
const TRAINER = process.env.BENCH_SCALE_TRAINER ?? 'large-coach@example.com';
const TARGETS = {
  page: { rps: 250, p99Ms: 250 },
  bearer: { rps: 1000, p99Ms: 50 },
  writes: { rps: 200, p99Ms: 300 },
  rssMb: 300,
};
/** One in ten requests of the mixed row is a write. */
const WRITE_EVERY = 10;

/**
 * Members of the large seed who follow a programme with lessons: their token, the programme, its lessons' numbers
 * and its trainer's account (a chat contact). Accounts large-1, large-21, ... are trainers.
 */
async function members(url) {
  const found = [];
  for (let n = 2; found.length < MEMBERS && n < 100_000; n += 1) {
    if ((n - 1) % 20 === 0) continue;
    const email = `large-${n}@example.com`;
    const token = await signInLarge(url, email, n);
    const [entry] = await api(url, '/api/users/getFollowedPrograms/', { token });
    for (const program of entry?.program ?? []) {
      const lessons = await api(url, `/api/fitness_programs/getLessons/${program.id}/`, { token });
      if (lessons.length === 0) continue;
      const trainers = await api(url, '/api/users/getUserTrainers/', { token });
      const trainer = trainers.find((t) => t.id === program.trainer) ?? trainers[0];
      found.push({
        email,
        token,
        program: program.id,
        lessons: lessons.map((lesson) => lesson.lesson_number),
        trainerUser: trainer.user_id ?? trainer.user,
        next: 0,
      });
      break;
    }
  }
  if (found.length < MEMBERS) throw new Error(`only ${found.length} members follow a programme with lessons`);
  return found;
}

const cookie = (member) => ({ ...BROWSER, Cookie: `accessToken=${member.token}` });
const bearer = (member) => ({ ...BROWSER, Authorization: `Bearer ${member.token}` });

const READS = {
  programmes: (m) => ({ path: '/programmes', headers: cookie(m) }),
  lesson: (m) => ({ path: `/programLesson/${m.program}`, headers: cookie(m) }),
  dashboard: (m) => ({ path: '/trainerDashboard', headers: cookie(m) }),
  details: (m) => ({ path: `/programDetails/${m.program}`, headers: cookie(m) }),
  followed: (m) => ({ path: '/api/users/getFollowedPrograms/', headers: bearer(m) }),
};

const WRITES = [
  (m) => {
    const lesson = m.lessons[m.next % m.lessons.length];
    m.next += 1;
    return { path: `/api/fitness_programs/updatelessonProgress/${lesson}/`, headers: bearer(m) };
  },
  (m) => ({
    method: 'POST',
    path: '/api/chat/sendMessage/',
    headers: { ...bearer(m), 'Content-Type': 'application/json' },
    body: JSON.stringify({ to: m.trainerUser, text: `Bench message ${Date.now()}` }),
  }),
];

/** A row: every request made by `next(k)` for the k-th request, which picks its member. */
async function measure(url, title, next, target) {
  const row = await measureCallers(url, {
    title,
    next,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmup: MEMBERS,
  });
  return {
    ...row,
    target: target ? `≥ ${target.rps} req/s, p99 < ${target.p99Ms} ms` : '',
    ok: target ? row.failed === 0 && row.rps >= target.rps && row.p99 < target.p99Ms : true,
  };
}

/** The floor: a bare Node server sending the bytes of a signed-in /programmes from memory. */
async function floorRow(url, member) {
  const headers = cookie(member);
  const answer = await capture(`${url}/programmes`, headers);
  if (answer.status !== 200) throw new Error(`/programmes answered ${answer.status}`);
  const floor = await startFloor('/programmes', answer);
  try {
    return await measure(floor.url, 'floor: the bytes of /programmes from memory', () => ({
      path: '/programmes',
      headers,
    }));
  } finally {
    await floor.stop();
  }
}

async function benchDatabase(name, env) {
  console.log(`\n## ${name}\n`);
  seedLargeScale(env);
  const server = await startProductionServer(env);
  try {
    const loadBefore = loadAverage();
    const all = await members(server.url);
    const pick = (k) => all[k % all.length];
    const rows = [await floorRow(server.url, all[0])];
    rows.push(
      await measure(server.url, '/programmes signed in', (k) => READS.programmes(pick(k)), TARGETS.page),
    );
    rows.push(
      await measure(
        server.url,
        '/programLesson/{a followed programme}',
        (k) => READS.lesson(pick(k)),
        TARGETS.page,
      ),
    );
    rows.push(
      await measure(
        server.url,
        "/trainerDashboard (a member's)",
        (k) => READS.dashboard(pick(k)),
        TARGETS.page,
      ),
    );
    rows.push(
      await measure(
        server.url,
        '/programDetails/{a followed programme}',
        (k) => READS.details(pick(k)),
        TARGETS.page,
      ),
    );
    rows.push(
      await measure(
        server.url,
        'GET /api/users/getFollowedPrograms/ (Bearer)',
        (k) => READS.followed(pick(k)),
        TARGETS.bearer,
      ),
    );
    const trainerToken = await signInLarge(server.url, TRAINER, 0).catch(() => null);
    if (trainerToken) {
      const trainer = { token: trainerToken };
      rows.push(
        await measure(
          server.url,
          "/trainerDashboard (the trainer's, 5,000 subscribers)",
          () => ({
            path: '/trainerDashboard',
            headers: cookie(trainer),
          }),
          TARGETS.page,
        ),
      );
      rows.push(
        await measure(
          server.url,
          "/trainerDashboard?view=subscribers (the trainer's)",
          () => ({
            path: '/trainerDashboard?view=subscribers',
            headers: cookie(trainer),
          }),
          TARGETS.page,
        ),
      );
    } else {
      console.log(`${TRAINER} cannot sign in: the trainer rows are left out (an older seed?)`);
    }
    const kinds = Object.values(READS);
    rows.push(
      await measure(
        server.url,
        `mix: ${100 / WRITE_EVERY} % writes (lesson completions, chat messages)`,
        (k) => {
          const member = pick(k);
          if (k % WRITE_EVERY === 0) return WRITES[(k / WRITE_EVERY) % WRITES.length](member);
          return kinds[k % kinds.length](member);
        },
        TARGETS.writes,
      ),
    );
    const memory = rssMb(server.process.pid);
    return {
      name,
      rows,
      memory,
      memoryOk: memory < TARGETS.rssMb,
      load: { before: loadBefore, after: loadAverage() },
    };
  } finally {
    server.process.kill('SIGTERM');
  }
}

function print(result) {
  console.log(
    `${MEMBERS} members, each request from the next; ${CONNECTIONS} connections, ${SECONDS} s a row, gzip;`,
  );
  console.log(`load average ${result.load.before} before, ${result.load.after} after\n`);
  console.log('| request | req/s | p50 | p99 | non-2xx or errors | target | verdict |');
  console.log('|---|---:|---:|---:|---:|---|---|');
  for (const r of result.rows) {
    const verdict = r.target ? (r.ok ? 'meets' : 'MISSES') : '';
    console.log(
      `| ${r.title} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.failed} | ${r.target} | ${verdict} |`,
    );
  }
  console.log(
    `\nserver RSS after the rows: ${result.memory.toFixed(0)} MB — ${result.memoryOk ? 'meets' : 'MISSES'} the ` +
      `${TARGETS.rssMb} MB target`,
  );
}

requireProductionBuild('bench:scale');
const databases = benchDatabases(SQLITE_DIR, process.env.BENCH_SCALE_DATABASE_URL);
let ok = true;
for (const [name, env] of databases) {
  const result = await benchDatabase(name, env);
  print(result);
  writeFileSync(join(root, `.bench/bench-scale-${name.toLowerCase()}.json`), JSON.stringify(result, null, 2));
  ok &&= result.memoryOk && result.rows.every((r) => r.ok);
}
if (databases.length === 1) console.log('\nMariaDB: not run (set BENCH_SCALE_DATABASE_URL)');
process.exit(ok ? 0 : 1);
