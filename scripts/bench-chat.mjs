// Over 300 lines: the three parts of the chat benchmark (memory, latency on one and two instances, 1,000,000 messages)
// share their seeding, server start and reporting, and read best as one script.
// `npm run bench:chat`: the chat's sockets and messages on the production build.
// 1. One server process (SQLite in a fresh DATA_DIR): its resident memory (VmRSS of /proc/<pid>/status) with
//    1,000 and 5,000 connected sockets, and the latency of a message (`message:send` on a member's socket until
//    `message:new` arrives on the trainer's) at 200 and 500 messages per second.
// 2. Two server processes on two ports sharing one MariaDB database and Redis (DATABASE_URL, REDIS_URL): the same
//    latency when the sender and the recipient are on different instances. Skipped, and said so, without them.
// 3. With MariaDB: 1,000,000 stored messages (BENCH_CHAT_MESSAGES), the query plans of a history page, the latest
//    message per conversation and the unread counts, and the time of the endpoints that run them.
// Members follow one trainer's programme; their rows are written through the app's entities and their access
// tokens minted by the app's SessionsService (a live session row each), as a login would. Prints tables for
// docs/performance.md and exits non-zero when a target is missed. Traffic goes to 127.0.0.1 only.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { io } from 'socket.io-client';
import { BENCH_JWT_SECRET as JWT_SECRET, recreateDatabase, startProductionServer } from './bench-support.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOCKETS = [1000, 5000];
const RATES = [200, 500];
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 1_000_000);
const TARGETS = { rssMb: 1024, p99OneMs: 50, p99TwoMs: 100, endpointP95Ms: 100 };
/** Within CHAT_SEND_BUDGET (libs/contracts/src/chat.ts), 20 sends per 10 s per account: each member has one socket. */
const SENDS_PER_SOCKET_PER_SECOND = 1;

const dist = (path) => import(new URL(`../api/dist/${path}`, import.meta.url).href);
const misses = [];

function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) });
    socket.setTimeout(1000);
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(socket.destroy() && false));
  });
}

/** A trainer with one published programme and `count` members following it, each with an access token. */
async function seed(env, count) {
  const [{ createApp }, { loadConfig }, user, accountRow, profile, trainer, program, paid, sessions] =
    await Promise.all([
      dist('app.factory.js'),
      dist('common/config/app-config.js'),
      dist('modules/users/user.entity.js'),
      dist('modules/users/account-row.js'),
      dist('modules/users/profile.entity.js'),
      dist('modules/trainers/trainer.entity.js'),
      dist('modules/programs/program.entity.js'),
      dist('modules/subscriptions/paid-subscription-rows.js'),
      dist('modules/auth/sessions.service.js'),
    ]);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET, ...env });
  const app = await createApp(config, { web: false });
  try {
    const db = app.get(DataSource);
    const account = (email, isTrainer) =>
      accountRow.verifiedAccountRow({
        firstName: isTrainer ? 'Bench' : 'Member',
        lastName: isTrainer ? 'Trainer' : email.split('@')[0],
        email,
        // Never used: the tokens are minted below, nobody logs in.
        passwordHash: 'not-a-password-hash',
        isTrainer,
      });
    const coach = await db.getRepository(user.UserEntity).save(account('bench-trainer@example.com', true));
    await db.getRepository(profile.ProfileEntity).insert({ userId: coach.id });
    const coachTrainer = await db.getRepository(trainer.TrainerEntity).save({
      userId: coach.id,
      specialisation: 'Yoga',
      about: 'The bench trainer.',
      certifications: 'RYT-200',
      experienceYears: 10,
      rating: null,
      country: 'India',
      phone: '9876543210',
      profilePicture: null,
    });
    const programme = await db.getRepository(program.ProgramEntity).save({
      trainerId: coachTrainer.id,
      name: 'Bench programme',
      description: 'Followed by every bench member.',
      durationDays: 30,
      priceMinor: 1000,
      currency: 'USD',
      category: 'Yoga',
      level: 'Beginner',
      coverImage: null,
      isPublished: true,
    });
    const members = [];
    const now = new Date();
    for (let start = 0; start < count; start += 500) {
      const chunk = Array.from({ length: Math.min(500, count - start) }, (_, i) =>
        account(`bench-member-${start + i}@example.com`, false),
      );
      const ids = (await db.getRepository(user.UserEntity).insert(chunk)).identifiers.map((row) => row.id);
      await db.getRepository(profile.ProfileEntity).insert(ids.map((userId) => ({ userId })));
      const paymentRows = ids.map((userId) =>
        paid.completedTestPaymentRow(userId, programme, {
          prefix: 'BENCH',
          key: userId,
          payerName: 'Bench Member',
          at: now,
        }),
      );
      await paid.insertPaidSubscriptions(db, paymentRows, now);
      members.push(...ids.map((id) => ({ id })));
    }
    const service = app.get(sessions.SessionsService);
    const tokenOf = async (id) => (await service.start(id)).access;
    const trainerToken = await tokenOf(coach.id);
    for (let start = 0; start < members.length; start += 100) {
      await Promise.all(
        members.slice(start, start + 100).map(async (member) => {
          member.token = await tokenOf(member.id);
        }),
      );
    }
    return { trainer: { id: coach.id, token: trainerToken }, members };
  } finally {
    await app.close();
  }
}

function startServer(env) {
  // BENCH_CHAT_PROFILE=<dir>: each server writes a V8 CPU profile there when it stops (`node --cpu-prof`).
  const nodeArgs = process.env.BENCH_CHAT_PROFILE
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CHAT_PROFILE]
    : [];
  // The one-instance part runs on SQLite even when the bench was given DATABASE_URL and REDIS_URL.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...baseEnv } = process.env;
  return startProductionServer(env, { nodeArgs, baseEnv });
}

function stopServer(server) {
  server.process.removeAllListeners('exit');
  server.process.kill();
  return once(server.process, 'exit');
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** Opens a socket with the token and waits for the server's first event (the presence snapshot). */
function connect(url, token) {
  return new Promise((resolve, reject) => {
    const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    socket.once('presence:snapshot', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function connectAll(url, members, sockets) {
  for (let start = sockets.length; start < members.length; start += 50) {
    sockets.push(...(await Promise.all(members.slice(start, start + 50).map((m) => connect(url, m.token)))));
  }
  return sockets;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Sends `rate` messages per second for SECONDS from the member sockets, round-robin, to the trainer, and times
 * each from its emit until the trainer's socket receives it.
 */
async function latency(senders, recipient, trainerId, rate, label) {
  const pending = new Map();
  const times = [];
  let failed = 0;
  let acknowledged = 0;
  const onMessage = (message) => {
    const started = pending.get(message.message);
    if (started === undefined) return;
    pending.delete(message.message);
    times.push(performance.now() - started);
  };
  recipient.on('message:new', onMessage);
  const total = rate * SECONDS;
  let sent = 0;
  const started = performance.now();
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      for (; sent < due; sent += 1) {
        const text = `${label}-${rate}-${sent}`;
        pending.set(text, performance.now());
        senders[sent % senders.length].emit('message:send', { to: trainerId, text }, (ack) => {
          acknowledged += 1;
          if (ack.ok) return;
          failed += 1;
          console.error(`${text}: ${ack.error}`);
        });
      }
      if (sent < total) setTimeout(tick, 5);
      else resolve();
    };
    tick();
  });
  // Every send is acknowledged before the next row starts, so a backlog of one row never slows the next; a
  // message not received within 60 s of its ack counts as lost.
  const deadline = performance.now() + 60_000;
  while ((acknowledged < total || pending.size > failed) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  recipient.off('message:new', onMessage);
  times.sort((a, b) => a - b);
  return {
    rate,
    sent: total,
    received: times.length,
    failed,
    p50: Math.round(percentile(times, 50) ?? NaN),
    p99: Math.round(percentile(times, 99) ?? NaN),
    max: Math.round(times.at(-1) ?? NaN),
  };
}

function sendersFor(sockets, rate) {
  const needed = Math.ceil(rate / SENDS_PER_SOCKET_PER_SECOND);
  if (sockets.length < needed) throw new Error(`${rate} messages per second need ${needed} sender sockets`);
  return sockets.slice(0, needed);
}

function check(ok, what) {
  if (!ok) misses.push(what);
  return ok ? 'yes' : 'MISSED';
}

async function oneInstance() {
  const dataDir = mkdtempSync(join(tmpdir(), 'fitcoach-bench-chat-'));
  try {
    const { trainer, members } = await seed({ DATA_DIR: dataDir }, Math.max(...SOCKETS));
    const server = await startServer({ DATA_DIR: dataDir });
    const sockets = [];
    try {
      const memory = [{ sockets: 0, rssMb: rssMb(server.process.pid) }];
      const recipient = await connect(server.url, trainer.token);
      const rates = [];
      for (const count of SOCKETS) {
        const started = performance.now();
        await connectAll(server.url, members.slice(0, count - 1), sockets);
        const seconds = (performance.now() - started) / 1000;
        await new Promise((resolve) => setTimeout(resolve, 2000));
        memory.push({ sockets: sockets.length + 1, rssMb: rssMb(server.process.pid), seconds });
        if (count === SOCKETS[0]) {
          for (const rate of RATES)
            rates.push(await latency(sendersFor(sockets, rate), recipient, trainer.id, rate, 'one'));
        }
      }
      console.log('\nOne server process: resident memory with connected sockets');
      console.table(
        memory.map((row) => ({
          sockets: row.sockets,
          'RSS (MB)': Math.round(row.rssMb),
          'KB per socket over idle': row.sockets
            ? Math.round(((row.rssMb - memory[0].rssMb) * 1024) / row.sockets)
            : '',
          'connect time (s)': row.seconds ? row.seconds.toFixed(1) : '',
          'target < 1 GB': row.sockets
            ? check(row.rssMb < TARGETS.rssMb, `RSS at ${row.sockets} sockets`)
            : '',
        })),
      );
      console.log(`\nOne instance: delivery latency with ${SOCKETS[0]} sockets connected (ms)`);
      console.table(
        rates.map((row) => ({
          ...row,
          'target p99 < 50 ms': check(
            row.received === row.sent && row.p99 < TARGETS.p99OneMs,
            `one-instance p99 at ${row.rate}/s`,
          ),
        })),
      );
    } finally {
      for (const socket of sockets) socket.close();
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The SQL a repository call runs, captured from the data source's logger. */
async function capture(db, call) {
  const logger = db.logger;
  const logQuery = logger.logQuery.bind(logger);
  const queries = [];
  logger.logQuery = (query, parameters, ...rest) => {
    queries.push({ query, parameters });
    return logQuery(query, parameters, ...rest);
  };
  try {
    await call();
  } finally {
    logger.logQuery = logQuery;
  }
  return queries;
}

async function timeEndpoint(url, path, token, count = 50) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50).toFixed(1), p95: percentile(times, 95).toFixed(1) };
}

/** Stores MESSAGES messages between the trainer and the members, a tenth of them unread, in one INSERT. */
async function millionMessages(env, trainer, members, server) {
  const [{ loadConfig }, { openDataSource }, repository] = await Promise.all([
    dist('common/config/app-config.js'),
    dist('common/database/data-source-options.js'),
    dist('modules/chat/chat.repository.js'),
  ]);
  const db = await openDataSource(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET, ...env }), {
    runMigrations: false,
  });
  try {
    const first = members[0].id;
    const span = members.length;
    const started = performance.now();
    // MariaDB's SEQUENCE engine numbers the rows; message n is in the conversation of member n mod span and goes
    // one way or the other by its parity.
    await db.query(
      `INSERT INTO chat_message (sender_id, recipient_id, low_id, high_id, type, text, forwarded, read_at)
       SELECT IF(seq % 2 = 0, ${trainer.id}, ${first} + seq % ${span}),
              IF(seq % 2 = 0, ${first} + seq % ${span}, ${trainer.id}),
              LEAST(${trainer.id}, ${first} + seq % ${span}), GREATEST(${trainer.id}, ${first} + seq % ${span}),
              'text', CONCAT('Bench message ', seq), 0, IF(seq % 10 = 1, NULL, NOW())
       FROM seq_1_to_${MESSAGES}`,
    );
    const insertSeconds = (performance.now() - started) / 1000;
    await db.query('ANALYZE TABLE chat_message');
    const [{ rows }] = await db.query('SELECT COUNT(*) AS `rows` FROM chat_message');
    console.log(
      `\n${rows} chat_message rows stored in ${insertSeconds.toFixed(1)} s (one INSERT ... SELECT)`,
    );

    const repo = new repository.ChatRepository(
      db.getRepository((await dist('modules/chat/chat-message.entity.js')).ChatMessageEntity),
    );
    const member = members[0].id;
    const plans = [
      ['history page (50 newest of a conversation)', () => repo.history(trainer.id, member, null, 50)],
      ['latest message per conversation (trainer)', () => repo.latestPerConversation(trainer.id)],
      ['unread counts per sender (trainer)', () => repo.unreadCounts(trainer.id)],
    ];
    for (const [title, call] of plans) {
      const [{ query, parameters }] = await capture(db, call);
      const plan = await db.query(`EXPLAIN ${query}`, parameters);
      console.log(`\nEXPLAIN ${title}:\n${query}`);
      console.table(
        plan.map(({ id, select_type, table, type, key, rows, Extra }) => ({
          id,
          select_type,
          table,
          type,
          key,
          rows,
          Extra,
        })),
      );
    }
    const memberToken = members[0].token;
    const endpoints = [
      ['GET /api/chat/getMessages/{room}/ (member)', `/api/chat/getMessages/${trainer.id}/`, memberToken],
      [
        'GET /api/chat/getMessages/{room}/?before= (member)',
        `/api/chat/getMessages/${trainer.id}/?before=500000`,
        memberToken,
      ],
      ['GET /api/chat/getContacts/ (member)', '/api/chat/getContacts/', memberToken],
      [`GET /api/chat/getContacts/ (trainer, ${span} contacts)`, '/api/chat/getContacts/', trainer.token],
    ];
    const rows2 = [];
    for (const [title, path, token] of endpoints)
      rows2.push({ request: title, ...(await timeEndpoint(server.url, path, token)) });
    console.log(`\nEndpoints with ${rows} stored messages, one request at a time, 50 each (ms)`);
    console.table(rows2);
  } finally {
    await db.destroy();
  }
}

async function twoInstances() {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (
    !databaseUrl?.startsWith('mysql') ||
    !redisUrl ||
    !(await reachable(databaseUrl)) ||
    !(await reachable(redisUrl))
  ) {
    console.log(
      '\nTwo instances and 1,000,000 messages: SKIPPED (needs DATABASE_URL=mysql://... and REDIS_URL reachable)',
    );
    return;
  }
  await recreateDatabase(databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'fitcoach-bench-chat-'));
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DATA_DIR: dataDir };
  try {
    const needed = Math.max(...RATES) / SENDS_PER_SOCKET_PER_SECOND;
    const { trainer, members } = await seed(env, needed);
    const here = await startServer(env);
    const there = await startServer(env);
    const sockets = [];
    try {
      const recipient = await connect(there.url, trainer.token);
      await connectAll(here.url, members, sockets);
      const rates = [];
      for (const rate of RATES)
        rates.push(await latency(sendersFor(sockets, rate), recipient, trainer.id, rate, 'two'));
      console.log(`\nTwo instances through Redis: sender on one, recipient on the other (ms)`);
      console.table(
        rates.map((row) => ({
          ...row,
          'target p99 < 100 ms': check(
            row.received === row.sent && row.p99 < TARGETS.p99TwoMs,
            `two-instance p99 at ${row.rate}/s`,
          ),
        })),
      );
      for (const socket of sockets) socket.close();
      sockets.length = 0;
      await millionMessages(env, trainer, members, here);
    } finally {
      for (const socket of sockets) socket.close();
      await Promise.all([stopServer(here), stopServer(there)]);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

execFileSync('node', ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
if (process.env.BENCH_CHAT_ONLY !== 'two') await oneInstance();
if (process.env.BENCH_CHAT_ONLY !== 'one') await twoInstances();
if (misses.length > 0) {
  console.error(`\nTargets missed: ${misses.join('; ')}`);
  process.exit(1);
}
console.log('\nEvery chat target met.');
process.exit(0);
