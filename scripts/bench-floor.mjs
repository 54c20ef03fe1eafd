// Six requests as browsers and the web layer make them (docs/performance.md), each measured next to
// its floor. The floor of a row is a bare node:http server (scripts/bench-floor-server.mjs, its own process like
// the app) sending, from memory, the very bytes our server answered that request with, still compressed. Both
// run with the same autocannon settings one right after the other, so the table reads as "how much of what one
// Node process can send here do we send", which stays comparable across machines and loads where raw req/s do
// not (docs/performance.md: the same code ran half as fast on the same machine on another day).
// `benchFloor` measures and returns the rows and the verdicts; `printFloor` prints the table.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import autocannon from 'autocannon';
import { measureUrl, rssMb } from './bench-support.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const FLOOR = { connections: 32, memoryMb: 300, shareOfFloor: 0.3 };
/** What every browser sends: the answers are measured compressed, as they travel. */
export const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };
/** Hop-by-hop or per-response headers: the floor server's own Node sets them. */
const DROPPED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

/**
 * The six rows with their targets: `share` is the least part of the floor's req/s, `rps` and `p99Ms` absolute.
 * `member` marks the pages whose HTML must show the member signed in (a rejected cookie still renders 200).
 */
function rowsOf({ bearer, lessonProgram }) {
  const cookie = { Cookie: `accessToken=${bearer.replace(/^Bearer /, '')}` };
  const authorization = { Authorization: bearer };
  return [
    {
      title: 'GET /programmes (anonymous, shared cache)',
      path: '/programmes',
      target: { share: FLOOR.shareOfFloor },
    },
    {
      title: 'GET /programmes (signed in, cookie)',
      path: '/programmes',
      headers: cookie,
      member: true,
      target: { rps: 300, p99Ms: 150 },
    },
    {
      title: 'GET /api/fitness_programs/retrive_all/ (anonymous)',
      path: '/api/fitness_programs/retrive_all/',
      target: { share: FLOOR.shareOfFloor },
    },
    {
      title: 'GET /api/fitness_programs/retrive_all/ (Bearer)',
      path: '/api/fitness_programs/retrive_all/',
      headers: authorization,
      target: { rps: 1500, p99Ms: 50 },
    },
    {
      title: 'GET /api/users/getFollowedPrograms/ (Bearer, 50 subscriptions)',
      path: '/api/users/getFollowedPrograms/',
      headers: authorization,
      target: { rps: 1500, p99Ms: 50 },
    },
    {
      title: 'GET /programLesson/{id} (cookie, 50 lessons, 50 subscriptions)',
      path: `/programLesson/${lessonProgram}`,
      headers: cookie,
      member: true,
      target: { rps: 300, p99Ms: 150 },
    },
  ].map((row) => ({ ...row, headers: { ...BROWSER, ...row.headers } }));
}

/**
 * One answer of our server exactly as it was sent: node:http, not fetch, so the body stays compressed; the raw
 * header list, less the headers that belong to one connection or one moment.
 */
export async function capture(url, headers) {
  const req = request(url, { headers, agent: false });
  req.setTimeout(30_000, () => req.destroy(new Error(`${url} did not answer within 30 s`)));
  req.end();
  const [res] = await once(req, 'response');
  const chunks = [];
  for await (const chunk of res) chunks.push(chunk);
  const rawHeaders = [];
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    const [name, value] = [res.rawHeaders[i], res.rawHeaders[i + 1]];
    if (!DROPPED.has(name.toLowerCase())) rawHeaders.push(name, value);
  }
  return {
    status: res.statusCode,
    rawHeaders,
    encoding: res.headers['content-encoding'],
    body: Buffer.concat(chunks),
  };
}

/** The captured body as text, to check what it says (the floor still sends the compressed bytes). */
function decoded({ encoding, body }) {
  const decode = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync }[encoding];
  return (decode ? decode(body) : body).toString('utf8');
}

/** A floor server answering `path` with `answer`; resolves once it listens. The caller stops it. */
export async function startFloor(path, answer) {
  const dir = mkdtempSync(join(tmpdir(), 'fitcoach-floor-'));
  const file = join(dir, 'answers.json');
  const { status, rawHeaders, body } = answer;
  writeFileSync(file, JSON.stringify({ [path]: { status, rawHeaders, body: body.toString('base64') } }));
  const child = spawn(process.execPath, [join(root, 'scripts/bench-floor-server.mjs'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const exited = once(child, 'exit').then(([code]) => {
      throw new Error(`the floor server exited with code ${code}`);
    });
    exited.catch(() => undefined); // stop() ends it on purpose later
    const [port] = await Promise.race([once(child.stdout, 'data'), exited]);
    return { url: `http://127.0.0.1:${String(port).trim()}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The same warm-up for both servers (as bench.mjs does), then 32 connections for `seconds`. */
async function run(url, row, seconds) {
  await autocannon({ url, connections: 4, amount: 200, headers: row.headers });
  return measureUrl(url, { title: row.title, connections: FLOOR.connections, seconds, headers: row.headers });
}

/** The floor, then ours, for one row; the floor server is stopped before ours is measured. */
async function measureRow(serverUrl, row, seconds, email) {
  const answer = await capture(`${serverUrl}${row.path}`, row.headers);
  if (answer.status !== 200) throw new Error(`${row.title}: our server answered ${answer.status}`);
  if (row.member && !decoded(answer).includes(email)) {
    throw new Error(`${row.title}: the page does not show the member signed in`);
  }
  const floorServer = await startFloor(row.path, answer);
  let floor;
  try {
    floor = await run(`${floorServer.url}${row.path}`, row, seconds);
  } finally {
    await floorServer.stop();
  }
  const ours = await run(`${serverUrl}${row.path}`, row, seconds);
  return { row, floor, ours, bytes: answer.body.length, encoding: answer.encoding ?? 'identity' };
}

/** The target as the table states it, and whether ours meets it. */
function verdict({ target }, floor, ours) {
  if (target.share) {
    return { target: `≥ ${target.share * 100} % of floor`, ok: ours.rps >= target.share * floor.rps };
  }
  return {
    target: `≥ ${target.rps} req/s, p99 < ${target.p99Ms} ms`,
    ok: ours.rps >= target.rps && ours.p99 < target.p99Ms,
  };
}

/** The home page loads at most 100 KB of JavaScript (gzip). */
const HOME_JS_KB = 100;

/** The home page's JS against that budget, measured by the build's script on the existing web build. */
function homePageJs() {
  if (!existsSync(join(root, 'web/build/server/index.js'))) {
    return { text: 'home page JS: not measured (no web build)' };
  }
  const result = spawnSync(process.execPath, ['scripts/bundle-size.mjs'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, BUNDLE_LIMIT_KB: String(HOME_JS_KB) },
  });
  const line = result.stdout.split('\n').find((l) => l.startsWith('home page JS:'));
  if (!line) return { text: `home page JS: not measured (scripts/bundle-size.mjs exited ${result.status})` };
  return { text: line, ok: result.status === 0 };
}

/**
 * The floor rows against our server at `url` (process `pid`), signed in with the member's `bearer` (`email`
 * shows on their pages) and reading the lessons of `lessonProgram`. Returns the rows, the memory and `ok`, false
 * when any target is missed.
 */
export async function benchFloor({ url, pid, bearer, email, lessonProgram, seconds }) {
  const loadBefore = load();
  const rows = [];
  for (const row of rowsOf({ bearer, lessonProgram })) {
    const measured = await measureRow(url, row, seconds, email);
    rows.push({ ...measured, ...verdict(row, measured.floor, measured.ours) });
  }
  const memoryMb = rssMb(pid);
  const memoryOk = memoryMb < FLOOR.memoryMb;
  const homeJs = homePageJs();
  const ok = rows.every((r) => r.ok) && memoryOk && homeJs.ok !== false;
  return { rows, memoryMb, memoryOk, homeJs, seconds, load: { before: loadBefore, after: load() }, ok };
}

/** The table of docs/performance.md's signed-in pages section, then the memory and the home page JS lines. */
export function printFloor({ rows, memoryMb, memoryOk, homeJs, seconds, load: loads }) {
  console.log('\nSigned-in pages and the authenticated API: ours next to the floor\n');
  console.log(
    `${FLOOR.connections} connections, ${seconds} s a row, Accept-Encoding: ${BROWSER['Accept-Encoding']}; ` +
      `load average ${loads.before} before, ${loads.after} after\n`,
  );
  console.log(
    '| request | floor req/s | ours req/s | ours p50 | ours p99 | share of floor | target | verdict |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---|---|');
  for (const r of rows) {
    const share = ((r.ours.rps / r.floor.rps) * 100).toFixed(1);
    console.log(
      `| ${r.row.title} | ${r.floor.rps.toFixed(0)} | ${r.ours.rps.toFixed(0)} | ${r.ours.p50} ms | ` +
        `${r.ours.p99} ms | ${share} % | ${r.target} | ${r.ok ? 'meets' : 'MISSES'} |`,
    );
  }
  console.log('');
  for (const r of rows) {
    console.log(
      `${r.row.title}: ${r.bytes} bytes (${r.encoding}); floor ${r.floor.requests} requests, ` +
        `p50 ${r.floor.p50} ms, p99 ${r.floor.p99} ms; ours ${r.ours.requests} requests, max ${r.ours.max} ms`,
    );
  }
  const memory = memoryOk ? 'meets' : 'MISSES';
  console.log(
    `\nserver memory after all rows: ${memoryMb.toFixed(0)} MB RSS — ${memory} the ${FLOOR.memoryMb} MB target`,
  );
  const budget = homeJs.ok === undefined ? '' : ` — ${homeJs.ok ? 'meets' : 'MISSES'} the budget`;
  console.log(`${homeJs.text}${budget}`);
}
