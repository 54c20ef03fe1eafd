// `npm run bench`: starts the production build on a free port and measures, with autocannon, how fast the
// home page's HTML arrives, next to the API's health endpoint as the same-run baseline. Prints a table for
// docs/performance.md. Traffic goes to 127.0.0.1 only; every run is bounded in time.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

execFileSync('node', ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
const port = await freePort();
const server = spawn(process.execPath, ['api/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-only-secret-that-is-long-enough-0123456789',
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'fitcoach-bench-')),
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const publicUrl = `http://127.0.0.1:${port}`;
const exited = once(server, 'exit').then(([code]) => {
  throw new Error(`the server exited with code ${code}`);
});

async function waitUntilHealthy() {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const ok = await fetch(`${publicUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy within 30 s');
}
await Promise.race([waitUntilHealthy(), exited]);

async function measure(title, path, connections) {
  const result = await autocannon({ url: `${publicUrl}${path}`, connections, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${path}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return {
    title,
    connections,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}

try {
  for (const path of ['/', '/api/health']) {
    await autocannon({ url: `${publicUrl}${path}`, connections: 4, amount: 200 });
  }
  const rows = [
    await measure('GET / (home page HTML)', '/', 1),
    await measure('GET /api/health (baseline)', '/api/health', 1),
    await measure('GET / (home page HTML)', '/', 10),
    await measure('GET /api/health (baseline)', '/api/health', 10),
  ];
  const rss =
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(server.pid)])
        .toString()
        .trim(),
    ) / 1024;
  console.log(`\n${SECONDS} s per row, production build, SQLite, in-process jobs\n`);
  console.log('| request | connections | requests | req/s | p50 ms | p90 ms | p99 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.title} | ${r.connections} | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} |`,
    );
  }
  console.log(`\nserver memory after the run: ${rss.toFixed(0)} MB RSS`);
  const home = rows[0];
  const verdict = home.p99 < 50 ? 'meets' : 'misses';
  console.log(`home page HTML, one user: p99 ${home.p99} ms — ${verdict} the 50 ms target`);
  process.exitCode = home.p99 < 50 ? 0 : 1;
} finally {
  exited.catch(() => undefined);
  server.kill('SIGTERM');
  await once(server, 'exit');
}
