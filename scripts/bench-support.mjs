// What the benchmark scripts share (scripts/bench.mjs, scripts/bench-floor.mjs, scripts/bench-chat.mjs,
// scripts/bench-admin.mjs, scripts/bench-scale.mjs, scripts/bench-record.mjs, scripts/bench-insights.mjs,
// docs/profiles/distinct-members.mjs).
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The token secret of every server a bench starts (and of the tokens it signs itself). */
export const BENCH_JWT_SECRET = 'bench-only-secret-that-is-long-enough-0123456789';

/** A TCP port nothing listens on at the moment, on 127.0.0.1. */
export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/**
 * How the server's node runs in production: docker/Dockerfile bounds V8's old generation with NODE_OPTIONS and glibc
 * at two malloc arenas, and the benches and the load test measure it so. SERVER_MAX_HEAP_MB overrides the heap's
 * bound (0: V8's own, a fraction of the machine's memory).
 */
const SERVER_MAX_HEAP_MB = Number(process.env.SERVER_MAX_HEAP_MB ?? 192);
export const SERVER_NODE_ARGS = SERVER_MAX_HEAP_MB > 0 ? [`--max-old-space-size=${SERVER_MAX_HEAP_MB}`] : [];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/**
 * The production build (`api/dist/main.js`) on a free port, resolved once `/api/health` answers 200 (at most 60 s),
 * rejected if it exits first. `env` is laid over `baseEnv` and the bench's settings; `nodeArgs` go to node (a CPU
 * profile, say). Production refuses the test payment provider; the benches never pay, so PayPal is never called.
 */
export async function startProductionServer(env = {}, { nodeArgs = [], baseEnv = process.env } = {}) {
  const port = await freePort();
  const server = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, 'api/dist/main.js'], {
    cwd: root,
    env: {
      ...baseEnv,
      ...SERVER_ENV,
      NODE_ENV: 'production',
      JWT_SECRET: BENCH_JWT_SECRET,
      PAYPAL_CLIENT_ID: 'bench-client-id',
      PAYPAL_CLIENT_SECRET: 'bench-client-secret',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((_, reject) => {
    server.once('exit', (code) => reject(new Error(`the server exited with code ${code}`)));
  });
  exited.catch(() => undefined);
  const healthy = (async () => {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const ok = await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the server did not become healthy within 60 s');
  })();
  await Promise.race([healthy, exited]);
  return { url, process: server };
}

/** The n-th client address: the server trusts loopback's X-Forwarded-For, so each sign-in has its own limit. */
export const address = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** A JSON call to the API at `url`, from client address `n`, with a Bearer token when given; throws on a non-2xx. */
export async function api(url, path, { token, method = 'GET', body, n = 0 } = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      'X-Forwarded-For': address(n),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * One row of a table: autocannon against `url` at `connections` for `seconds`, every client sending `headers`.
 * autocannon's percentiles stop at p90 and p97.5: every response time is kept to read the exact p95
 * (docs/performance.md, Catalogue). A non-2xx answer or an error fails the run: the row would time something else.
 */
export async function measureUrl(url, { title, connections, seconds, headers = {} }) {
  const times = [];
  const run = autocannon({ url, connections, duration: seconds, headers });
  run.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await run;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  times.sort((a, b) => a - b);
  const percentile = (p) =>
    Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]);
  return {
    title,
    connections,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p95: percentile(95),
    p99: result.latency.p99,
    max: result.latency.max,
  };
}

/**
 * A row of distinct callers: the k-th request is what `next(k)` returns (its path, headers, method and body), so
 * each request may come from another member. `warmup` requests at 4 connections first (every member known to the
 * server, as on a site that has been up a while), then `seconds` at `connections`; every response time is kept.
 */
export async function measureCallers(url, { title, next, connections, seconds, warmup = 0 }) {
  let k = 0;
  const requests = [
    {
      setupRequest: (req) => {
        const made = next(k);
        k += 1;
        return { ...req, method: 'GET', body: undefined, ...made };
      },
    },
  ];
  if (warmup > 0) await autocannon({ url, connections: 4, amount: warmup, requests });
  const times = [];
  const statuses = {};
  const run = autocannon({ url, connections, duration: seconds, requests });
  run.on('response', (_client, status, _bytes, ms) => {
    times.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await run;
  times.sort((a, b) => a - b);
  const pct = (p) => Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0);
  return {
    title,
    connections,
    rps: result.requests.average,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
    statuses,
  };
}

/** The load average over 1, 5 and 15 minutes, as a bench prints it next to its figures. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

/** The password of every account of the large seed (api/src/database/seeds/large.ts). */
export const LARGE_PASSWORD = 'large-seed-password-1';

/** Seeds the large scale into the database `env` selects (once: the seed skips what it finds). */
export function seedLargeScale(env) {
  execFileSync(process.execPath, ['api/dist/cli/seed.js', '--scale', 'large'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** An account of the large seed signed in from client address `n`: its access token. */
export async function signInLarge(url, email, n) {
  const { access } = await api(url, '/api/token/', {
    method: 'POST',
    body: { email, password: LARGE_PASSWORD },
    n,
  });
  return access;
}

/** Exits with a message unless the production build (`npm run build`) is there. */
export function requireProductionBuild(command) {
  if (!existsSync(join(root, 'api/dist/main.js')) || !existsSync(join(root, 'web/build/server/index.js'))) {
    console.error(`${command} needs the production build: npm run build`);
    process.exit(1);
  }
}

/**
 * The databases a bench runs on, each as [name, env]: SQLite in `sqliteDir`, and MariaDB (with Redis when REDIS_URL
 * is set) when `mariadbUrl` names a database.
 */
export function benchDatabases(sqliteDir, mariadbUrl) {
  mkdirSync(sqliteDir, { recursive: true });
  mkdirSync(join(root, '.bench'), { recursive: true });
  const databases = [['SQLite', { DATA_DIR: sqliteDir, DATABASE_URL: '', REDIS_URL: '' }]];
  if (mariadbUrl) {
    databases.push([
      'MariaDB',
      {
        DATA_DIR: join(root, '.bench/mariadb-data'),
        DATABASE_URL: mariadbUrl,
        REDIS_URL: process.env.REDIS_URL ?? '',
      },
    ]);
  }
  return databases;
}

/** Resident memory of process `pid` in MB, as `ps` reports it (KB). */
export function rssMb(pid) {
  return (
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    ) / 1024
  );
}

/** Empties the MariaDB database of `databaseUrl` (creates it anew), or drops it with `drop`. */
export async function recreateDatabase(databaseUrl, drop = false) {
  const database = new URL(databaseUrl).pathname.slice(1);
  const admin = new URL(databaseUrl);
  admin.pathname = '/';
  const mysql = await import('mysql2/promise');
  const connection = await mysql.createConnection(admin.href);
  await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
  if (!drop) await connection.query(`CREATE DATABASE \`${database}\``);
  await connection.end();
}

/**
 * One request's rows, one at each of `connections`, each request from `next(k)`; the target (a p95 under `targetMs`)
 * is judged at the first, and a failed request fails every row.
 */
export async function judgedRows(url, { title, next, targetMs, connections, seconds }) {
  const measured = [];
  for (const [i, at] of connections.entries()) {
    const row = await measureCallers(url, { title, next, connections: at, seconds });
    const judged = i === 0 && targetMs;
    measured.push({
      ...row,
      target: judged ? `p95 < ${targetMs} ms` : '',
      ok: row.failed === 0 && (!judged || row.p95 < targetMs),
    });
  }
  return measured;
}

/** A database's judged rows as a Markdown table, with the load and the server's memory. */
export function printJudged(result, seconds) {
  console.log(`${seconds} s a row, gzip`);
  console.log(`load average ${result.load.before} before, ${result.load.after} after\n`);
  console.log('| request | connections | req/s | p50 | p95 | p99 | non-2xx or errors | target | verdict |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|---|');
  for (const r of result.rows) {
    const verdict = r.target ? (r.ok ? 'meets' : 'MISSES') : '';
    console.log(
      `| ${r.title} | ${r.connections} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p95} ms | ${r.p99} ms | ${r.failed} | ${r.target} | ${verdict} |`,
    );
  }
  console.log(`\nserver RSS after the rows: ${result.memory.toFixed(0)} MB`);
}

/**
 * Runs `bench(name, env)` (resolving to `{rows, ...}`) on SQLite in `sqliteDir` and on MariaDB when the environment
 * variable `mariadbVariable` names a database; prints each table, writes `.bench/<name>-<db>.json` and exits 1 when
 * a target was missed.
 */
export async function runJudgedBench(name, { sqliteDir, mariadbVariable, seconds }, bench) {
  requireProductionBuild(`bench:${name}`);
  const databases = benchDatabases(sqliteDir, process.env[mariadbVariable]);
  let ok = true;
  for (const [database, env] of databases) {
    const result = await bench(database, env);
    printJudged(result, seconds);
    writeFileSync(
      join(root, `.bench/bench-${name}-${database.toLowerCase()}.json`),
      JSON.stringify(result, null, 2),
    );
    ok &&= result.rows.every((r) => r.ok);
  }
  if (databases.length === 1) console.log(`\nMariaDB: not run (set ${mariadbVariable})`);
  process.exit(ok ? 0 : 1);
}
