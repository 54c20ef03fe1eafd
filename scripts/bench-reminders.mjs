// `npm run bench:reminders`: one run of the lesson reminder job over the large seed
// (`npm run seed -- --scale large`), whose 100,000 seeded reminders all come due within a day: the run, a day
// after the seed, finds them all due. It times the job's selection, decisions and writes (the next reminder times,
// the settings' dates, one outbox row per mail); sending the mails is the mail queue's work, at the transport's
// pace, and is not included. With DATABASE_URL (mysql://…) the database named there is dropped, created, seeded
// and dropped at the end; without it a fresh SQLite DATA_DIR is used. BENCH_REMINDERS_FACTOR scales the seed
// (default 1). Exits 1 when the run takes longer than the target.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { recreateDatabase } from './bench-support.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const TARGET_SECONDS = 60;
const FACTOR = process.env.BENCH_REMINDERS_FACTOR ?? '1';
const dist = (path) => import(new URL(`../api/dist/${path}`, import.meta.url).href);

/** A DATETIME as the drivers return it: a Date (mysql2) or `YYYY-MM-DD HH:MM:SS` in UTC (SQLite). */
function instant(value) {
  return value instanceof Date ? value : new Date(`${String(value).replace(' ', 'T')}Z`);
}

async function runJob(env) {
  const [
    { loadConfig },
    { openDataSource },
    { RemindersJob },
    { RemindersRepository },
    { OutboxRepository },
  ] = await Promise.all([
    dist('common/config/app-config.js'),
    dist('common/database/data-source-options.js'),
    dist('modules/reminders/reminders.job.js'),
    dist('modules/reminders/reminders.repository.js'),
    dist('common/jobs/outbox.repository.js'),
  ]);
  const config = loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const db = await openDataSource(config, { runMigrations: false });
  try {
    // The job's outbox rows as the app writes them, without the relay that would start sending them meanwhile.
    const rows = new OutboxRepository(db);
    const outbox = {
      addMany: (manager, name, jobs) =>
        rows.insertMany(
          manager,
          jobs.map(({ payload, options = {} }) => ({
            queue: 'mail',
            jobName: name,
            payload: JSON.stringify(payload),
            dedupeKey: options.dedupeKey ?? null,
            requestId: null,
          })),
        ),
    };
    const jobs = { register() {}, repeat() {} };
    const job = new RemindersJob(new RemindersRepository(db), outbox, jobs, config, 'bench-reminders-secret');
    const [{ due, last }] = await db.query(
      'SELECT COUNT(*) AS due, MAX(next_reminder_at) AS last FROM subscription WHERE next_reminder_at IS NOT NULL',
    );
    const now = new Date(instant(last).getTime() + 1000);
    const started = performance.now();
    const run = await job.run(now);
    const seconds = (performance.now() - started) / 1000;
    return { due: Number(due), ...run, seconds };
  } finally {
    await db.destroy();
  }
}

const databaseUrl = process.env.DATABASE_URL?.startsWith('mysql') ? process.env.DATABASE_URL : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'fitcoach-bench-reminders-'));
const env = { ...process.env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
if (!databaseUrl) delete env.DATABASE_URL;
const engine = databaseUrl ? 'MySQL/MariaDB' : 'SQLite';
try {
  if (databaseUrl) await recreateDatabase(databaseUrl);
  console.log(
    `Reminder job bench on ${engine}; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
  const seeded = performance.now();
  execFileSync('node', ['api/dist/cli/seed.js', '--scale', 'large', '--factor', FACTOR], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(`Large seed, factor ${FACTOR}: ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const result = await runJob(env);
  console.log(
    `${result.due} subscriptions with a reminder time; the run looked at ${result.looked} and wrote ` +
      `${result.mailed} reminder mails to the outbox in ${result.seconds.toFixed(1)} s ` +
      `(${Math.round(result.looked / result.seconds)} a second; target under ${TARGET_SECONDS} s)`,
  );
  process.exitCode = result.seconds < TARGET_SECONDS && result.looked === result.due ? 0 : 1;
} finally {
  if (databaseUrl && process.env.BENCH_KEEP !== '1') await recreateDatabase(databaseUrl, true);
  if (process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
  else console.log(`Kept ${databaseUrl ? 'the database' : dataDir}`);
}
