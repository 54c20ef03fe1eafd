// Signed-in pages under load from many distinct members, as docs/profiles/README.md reports them: the production
// build on a copy of the large seed, each request of a row from the next member (so nothing kept for one caller
// serves the next), the server's CPU profile when PROFILE_DIR is set, and its resident memory sampled every second.
//
//   node docs/profiles/distinct-members.mjs DATA_DIR [members=300] [seconds=15]
//
// DATA_DIR is a copy of the large seed (`npm run seed -- --scale large`): signing in writes sessions to it.
// CONNECTIONS (32) sets the load: at 1, the CPU a page reads what it costs alone. SOAK_SECONDS adds a last row of
// that many seconds over every page kind (the memory figure); PROFILE_DIR makes node write the server's .cpuprofile
// there (summarised by docs/profiles/summarise.mjs). Needs `npm run build`.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import autocannon from 'autocannon';
import { address, api, rssMb, startProductionServer } from '../../scripts/bench-support.mjs';

const print = (line = '') => process.stdout.write(`${line}\n`);

const [dataDir, membersArg = '300', secondsArg = '15'] = process.argv.slice(2);
if (!dataDir) {
  process.stderr.write('usage: node docs/profiles/distinct-members.mjs DATA_DIR [members] [seconds]\n');
  process.exit(1);
}
const MEMBERS = Number(membersArg);
const SECONDS = Number(secondsArg);
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 0);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const PASSWORD = 'large-seed-password-1';
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };

/** Members of the large seed with an active subscription, and the first programme they follow, from the file. */
function followers(count) {
  const db = new Database(join(dataDir, 'fitcoach.sqlite'), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT u.id AS n, u.email, min(s.program_id) AS program FROM user u
           JOIN subscription s ON s.user_id = u.id AND s.active_flag = 1
          WHERE u.email LIKE 'large-%' AND u.is_trainer = 0 AND u.blocked = 0 AND u.id < 100000
          GROUP BY u.id ORDER BY u.id LIMIT ?`,
      )
      .all(count);
  } finally {
    db.close();
  }
}

async function signIn(url, member) {
  const { access } = await api(url, '/api/token/', {
    method: 'POST',
    body: { email: member.email, password: PASSWORD },
    n: member.n,
  });
  return { ...member, token: access };
}

const page = (path) => (m) => ({
  path: path(m),
  headers: { ...BROWSER, Cookie: `accessToken=${m.token}`, 'X-Forwarded-For': address(m.n) },
});
const ROWS = {
  '/programmes signed in': page(() => '/programmes'),
  '/programLesson/{a followed programme}': page((m) => `/programLesson/${m.program}`),
  '/programDetails/{a followed programme}': page((m) => `/programDetails/${m.program}`),
};

async function measure(url, all, next, seconds) {
  let k = 0;
  const requests = [
    {
      setupRequest: (req) => {
        const made = next(all[k % all.length], k);
        k += 1;
        return { ...req, method: 'GET', body: undefined, ...made };
      },
    },
  ];
  const times = [];
  const statuses = {};
  const run = autocannon({ url, connections: CONNECTIONS, duration: seconds, requests });
  run.on('response', (_client, status, _bytes, ms) => {
    times.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const cpuBefore = cpuMs(server.process.pid);
  const result = await run;
  const cpu = cpuMs(server.process.pid) - cpuBefore;
  times.sort((a, b) => a - b);
  const pct = (p) => Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0);
  return {
    rps: result.requests.average,
    p50: pct(50),
    p99: pct(99),
    cpuPerPage: cpu / Math.max(1, result.requests.total),
    statuses,
  };
}

/** The CPU time `pid` has used, in ms (utime and stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const env = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' };
const nodeArgs = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
// Sessions are signed in on a first server, so that the measured one (and its profile) serves only the pages.
const signing = await startProductionServer(env);
let all;
try {
  all = [];
  for (const member of followers(MEMBERS)) all.push(await signIn(signing.url, member));
} finally {
  const stopped = new Promise((resolve) => signing.process.once('exit', resolve));
  signing.process.kill('SIGTERM');
  await stopped;
}
const server = await startProductionServer(env, { nodeArgs });
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rssMb(server.process.pid));
}, 1000);
try {
  print(
    `${all.length} members signed in; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
  print(`${CONNECTIONS} connections, ${SECONDS} s a row, each request from the next member\n`);
  print('| request | req/s | p50 | p99 | server CPU a page | statuses |');
  print('|---|---:|---:|---:|---:|---|');
  for (const [title, next] of Object.entries(ROWS)) {
    // Every member once before the clock starts, as on a site that has been up a while.
    let warmed = 0;
    await autocannon({
      url: server.url,
      connections: 4,
      amount: all.length,
      requests: [{ setupRequest: (req) => ({ ...req, ...next(all[warmed++ % all.length]) }) }],
    });
    const r = await measure(server.url, all, next, SECONDS);
    print(
      `| ${title} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.cpuPerPage.toFixed(1)} ms | ${JSON.stringify(r.statuses)} |`,
    );
  }
  if (SOAK_SECONDS > 0) {
    const kinds = Object.values(ROWS);
    const r = await measure(server.url, all, (m, k) => kinds[k % kinds.length](m), SOAK_SECONDS);
    print(
      `| every page kind, ${SOAK_SECONDS} s | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.cpuPerPage.toFixed(1)} ms | ${JSON.stringify(r.statuses)} |`,
    );
  }
  print(
    `\nserver RSS: ${rssMb(server.process.pid).toFixed(0)} MB at the end, ${peakRss.toFixed(0)} MB at most`,
  );
  // What the resident memory is made of: the process's own memory (heap and native), and mapped files.
  const rollup = readFileSync(`/proc/${server.process.pid}/smaps_rollup`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
  print(
    `anonymous ${(kb('Anonymous') / 1024).toFixed(0)} MB, files ${((kb('Rss') - kb('Anonymous')) / 1024).toFixed(0)} MB`,
  );
} finally {
  clearInterval(sampler);
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}
