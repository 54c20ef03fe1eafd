// `npm run loadtest`: Artillery (from npm, run through npx so that its large dependency tree stays out of
// the project's) against the production build, filled with the demo catalogue and LOADTEST_MEMBERS members who each
// follow one programme. test/load/fitcoach.yml: visitors browse, members sign in, subscribe with the test payment
// provider, open a lesson and mark it completed, and chat with their trainer over socket.io. Prints throughput,
// p50/p95/p99 per step, errors and the server's resident memory when the load phase starts and at the end; exits 1
// on any error, any 5xx, a failed virtual user or memory growth beyond 20 %. docs/performance.md has the figures.
//
// LOADTEST_USERS (200), LOADTEST_SECONDS (300) and LOADTEST_WARMUP_S (30) shape the run; the server's heap is
// bounded as in production (SERVER_MAX_HEAP_MB, scripts/bench-support.mjs); BENCH_SKIP_BUILD=1 uses the build as it is; DATABASE_URL and REDIS_URL are passed to the server when set. The server runs outside production
// (NODE_ENV=development) because production refuses the test payment provider.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BENCH_JWT_SECRET, freePort, SERVER_ENV, SERVER_NODE_ARGS } from './bench-support.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ARTILLERY = ['artillery@2.0.21', 'artillery-engine-socketio-v3@1.2.0'];
const USERS = Number(process.env.LOADTEST_USERS ?? 200);
const SECONDS = Number(process.env.LOADTEST_SECONDS ?? 300);
const WARMUP_S = Number(process.env.LOADTEST_WARMUP_S ?? 30);
const WARMUP_USERS = Math.max(WARMUP_S, Math.round((WARMUP_S * USERS) / SECONDS));
/** Every virtual user takes a member of its own (warm-up arrivals included), with a margin. */
const MEMBERS = USERS + WARMUP_USERS + 50;
const PASSWORD = 'load-test-password';
const MAX_RSS_GROWTH = 0.2;

const dist = (path) => import(new URL(`../api/dist/${path}`, import.meta.url).href);

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** The demo catalogue, and MEMBERS verified members who each follow one published programme, paid. */
async function fill(env) {
  const [{ createApp }, { loadConfig }, user, accountRow, profile, program, trainer, paid, password] =
    await Promise.all([
      dist('app.factory.js'),
      dist('common/config/app-config.js'),
      dist('modules/users/user.entity.js'),
      dist('modules/users/account-row.js'),
      dist('modules/users/profile.entity.js'),
      dist('modules/programs/program.entity.js'),
      dist('modules/trainers/trainer.entity.js'),
      dist('modules/subscriptions/paid-subscription-rows.js'),
      dist('modules/auth/password.service.js'),
    ]);
  const app = await createApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { web: false });
  try {
    // Runs the start-up demo seed (SEED_DEMO=true).
    await app.init();
    const { DataSource } = await import('typeorm');
    const db = app.get(DataSource);
    const programs = await db.getRepository(program.ProgramEntity).findBy({ isPublished: true });
    const trainers = await db.getRepository(trainer.TrainerEntity).find();
    const passwordHash = await app.get(password.PasswordService).hash(PASSWORD);
    const members = [];
    const now = new Date();
    for (let start = 0; start < MEMBERS; start += 100) {
      const emails = Array.from(
        { length: Math.min(100, MEMBERS - start) },
        (_, i) => `load-${start + i}@example.com`,
      );
      const ids = (
        await db.getRepository(user.UserEntity).insert(
          emails.map((email, i) =>
            accountRow.verifiedAccountRow({
              firstName: 'Load',
              lastName: `Member ${start + i}`,
              email,
              passwordHash,
            }),
          ),
        )
      ).identifiers.map((row) => row.id);
      await db.getRepository(profile.ProfileEntity).insert(ids.map((userId) => ({ userId })));
      const followed = ids.map((_, i) => programs[(start + i) % programs.length]);
      const paymentRows = ids.map((userId, i) =>
        paid.completedTestPaymentRow(userId, followed[i], {
          prefix: 'LOAD',
          key: userId,
          payerName: 'Load Member',
          at: now,
        }),
      );
      await paid.insertPaidSubscriptions(db, paymentRows, now);
      members.push(...emails.map((email, i) => ({ email, subscribed: followed[i].id })));
    }
    return { members, programIds: programs.map((p) => p.id), trainerIds: trainers.map((t) => t.id) };
  } finally {
    await app.close();
  }
}

async function startServer(env) {
  const port = await freePort();
  const server = spawn(process.execPath, [...SERVER_NODE_ARGS, 'api/dist/main.js'], {
    cwd: root,
    env: { ...SERVER_ENV, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      )
    )
      return { url, child: server };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy within 60 s');
}

/** Runs Artillery; resolves with the JSON report and the server's memory when the load phase began and at the end. */
async function artillery(url, membersCsv, reportPath, catalogue, serverPid) {
  const overrides = {
    config: {
      phases: [
        // At the load phase's own rate (one a second at least), so that memory is measured from a warm server.
        { name: 'warm-up', duration: WARMUP_S, arrivalCount: WARMUP_USERS },
        { name: 'load', duration: SECONDS, arrivalCount: USERS },
      ],
    },
  };
  const child = spawn(
    'npx',
    [
      '--yes',
      ...ARTILLERY.flatMap((pkg) => ['--package', pkg]),
      'artillery',
      'run',
      '--target',
      url,
      '--payload',
      membersCsv,
      '--output',
      reportPath,
      '--overrides',
      JSON.stringify(overrides),
      join(root, 'test/load/fitcoach.yml'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        // Artillery's Playwright engine is not used here: no browser download.
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        ARTILLERY_DISABLE_TELEMETRY: 'true',
        LOADTEST_PROGRAMS: catalogue.programIds.join(','),
        LOADTEST_TRAINERS: catalogue.trainerIds.join(','),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const memory = { loadStart: null, end: null };
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    if (/Phase started: load\b/.test(line)) memory.loadStart = rssMb(serverPid);
    if (/^(Phase|All VUs|Summary report|errors\.|vusers\.(completed|failed))/.test(line.trim())) {
      process.stdout.write(`${line}\n`);
    }
  });
  const [code] = await once(child, 'exit');
  memory.end = rssMb(serverPid);
  if (code !== 0) throw new Error(`artillery exited with code ${code}`);
  return { report: JSON.parse(readFileSync(reportPath, 'utf8')), memory };
}

const ms = (value) => (value === undefined ? '-' : Math.round(value).toLocaleString('en'));

/** The steps' table, and what failed: errors, 5xx answers, failed virtual users. */
function summarise({ counters, summaries, rates }) {
  const rows = [];
  const prefix = 'plugins.metrics-by-endpoint.response_time.';
  for (const [name, summary] of Object.entries(summaries)) {
    if (!name.startsWith(prefix)) continue;
    const step = name.slice(prefix.length);
    const codes = Object.entries(counters)
      .filter(([key]) => key.startsWith(`plugins.metrics-by-endpoint.${step}.codes.`))
      .map(([key, count]) => `${key.split('.').at(-1)}×${count}`)
      .join(' ');
    rows.push({ step, requests: summary.count, ...summary, codes });
  }
  const chat = summaries['chat.message_send_ms'];
  if (chat)
    rows.push({ step: 'socket message:send, until acknowledged', requests: chat.count, ...chat, codes: '' });
  const errors = Object.entries(counters).filter(([key]) => key.startsWith('errors.'));
  const serverErrors = Object.entries(counters).filter(([key]) => /^http\.codes\.5\d\d$/.test(key));
  return {
    rows,
    errors,
    serverErrors,
    failedUsers: counters['vusers.failed'] ?? 0,
    completedUsers: counters['vusers.completed'] ?? 0,
    requests: counters['http.requests'] ?? 0,
    requestRate: rates?.['http.request_rate'],
  };
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1')
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'fitcoach-load-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    JWT_SECRET: BENCH_JWT_SECRET,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    // Each virtual user sends X-Forwarded-For from an address of its own, as users behind a proxy would arrive.
    TRUSTED_PROXIES: 'loopback',
    LOG_LEVEL: 'warn',
  };
  let server;
  try {
    console.log(`Filling the catalogue and ${MEMBERS} members...`);
    const catalogue = await fill(env);
    const membersCsv = join(dataDir, 'members.csv');
    writeFileSync(
      membersCsv,
      [
        'email,password,subscribed',
        ...catalogue.members.map((m) => `${m.email},${PASSWORD},${m.subscribed}`),
      ].join('\n'),
    );
    server = await startServer(env);
    console.log(
      `Artillery: ${USERS} users over ${SECONDS} s after ${WARMUP_S} s of warm-up, on ${server.url}`,
    );
    const started = Date.now();
    const { report, memory } = await artillery(
      server.url,
      membersCsv,
      join(dataDir, 'report.json'),
      catalogue,
      server.child.pid,
    );
    const result = summarise(report.aggregate);
    const seconds = (Date.now() - started) / 1000;
    console.log('\n| step | requests | p50 ms | p95 ms | p99 ms | max ms | answers |');
    console.log('|---|---:|---:|---:|---:|---:|---|');
    for (const row of result.rows) {
      console.log(
        `| ${row.step} | ${row.requests} | ${ms(row.median)} | ${ms(row.p95)} | ${ms(row.p99)} | ${ms(row.max)} | ${row.codes} |`,
      );
    }
    const growth = memory.loadStart ? (memory.end - memory.loadStart) / memory.loadStart : 0;
    console.log(
      `\n${result.requests} HTTP requests in ${Math.round(seconds)} s (mean ${ms(result.requestRate)} req/s); ` +
        `virtual users ${result.completedUsers} completed, ${result.failedUsers} failed; ` +
        `errors ${result.errors.map(([k, v]) => `${k} ${v}`).join(', ') || 0}; 5xx ${result.serverErrors.length ? JSON.stringify(Object.fromEntries(result.serverErrors)) : 0}`,
    );
    console.log(
      `server memory (RSS): ${ms(memory.loadStart)} MB when the load phase started, ${ms(memory.end)} MB at the end ` +
        `(${(growth * 100).toFixed(1)} %, limit ${MAX_RSS_GROWTH * 100} %)`,
    );
    const failed =
      result.errors.length > 0 ||
      result.serverErrors.length > 0 ||
      result.failedUsers > 0 ||
      growth > MAX_RSS_GROWTH;
    console.log(failed ? '\nloadtest: MISSES' : '\nloadtest: meets (no errors, no 5xx, memory steady)');
    process.exitCode = failed ? 1 : 0;
  } finally {
    if (server) {
      server.child.kill();
      await once(server.child, 'exit');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
