// `npm run test:compose`: docker/compose.yaml's production stack (MariaDB, Redis, a mail catcher, migrate, two app
// instances, nginx) run for real and checked through nginx: sign-up by mail, a programme bought through a PayPal
// stand-in (production refuses the test provider), chat across instances, uploads, restarts that lose nothing.
// COMPOSE_TEST_IMAGES=local|standard|auto picks docker/local-images.sh's images or Docker Hub's; COMPOSE_TEST_KEEP=1
// leaves a failed stack up; COMPOSE_TEST_TOOL="docker-compose" forces that tool over `docker compose`.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { io } from 'socket.io-client';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_MS = 15 * 60_000;
const startedAt = Date.now();
const timings = [];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const log = (line) => process.stdout.write(`[test:compose] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function step(name, run) {
  const began = Date.now();
  log(`▶ ${name}`);
  const result = await run();
  const took = Date.now() - began;
  timings.push([name, took]);
  log(`✔ ${name} (${seconds(took)})`);
  return result;
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** Runs a command; its output goes to ours unless `capture`, then it is returned. Throws on a non-zero exit. */
function run(command, args, { capture = false, env = process.env, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: [
        input === undefined ? 'ignore' : 'pipe',
        capture ? 'pipe' : 'inherit',
        capture ? 'pipe' : 'inherit',
      ],
    });
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk) => (out += chunk));
    child.stderr?.on('data', (chunk) => (err += chunk));
    if (input !== undefined) child.stdin.end(input);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out.trim());
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${err.trim()}`));
    });
  });
}

const succeeds = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/** A free TCP port on loopback (free when asked; Docker takes it a moment later). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(what, probe, timeoutMs = 120_000, everyMs = 1000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await sleep(everyMs);
  }
  throw new Error(`${what}: not within ${seconds(timeoutMs)}${last ? ` (last error: ${last.message})` : ''}`);
}

/** test/fixtures/paypal-server.ts, transpiled to a module in `dir` (it imports only Node's own modules). */
async function loadFakePayPal(dir) {
  const source = readFileSync(join(root, 'test/fixtures/paypal-server.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const file = join(dir, 'paypal-server.mjs');
  writeFileSync(file, outputText);
  return import(file);
}

async function call(base, method, path, { token, json, form, expect } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let body;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form !== undefined) {
    body = form;
  }
  const response = await fetch(`${base}${path}`, { method, headers, body });
  const text = await response.text();
  let data = text;
  try {
    data = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  if (expect !== undefined && response.status !== expect) {
    throw new Error(`${method} ${path}: ${response.status} instead of ${expect}: ${text.slice(0, 300)}`);
  }
  return { status: response.status, data, headers: response.headers };
}

// Mailpit's API (the standard image) or MailDev's (the local one).

async function mailTextTo(mailBase, address) {
  const mailpit = await fetch(`${mailBase}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`);
  if (mailpit.ok) {
    const { messages } = await mailpit.json();
    if (!messages?.length) return undefined;
    const message = await (await fetch(`${mailBase}/api/v1/message/${messages[0].ID}`)).json();
    return `${message.Text ?? ''}\n${message.HTML ?? ''}`;
  }
  const maildev = await fetch(`${mailBase}/email`);
  check(maildev.ok, `the mail catcher answers neither Mailpit's nor MailDev's API (${maildev.status})`);
  const messages = await maildev.json();
  const found = messages.find((m) => m.to?.some((to) => to.address?.toLowerCase() === address.toLowerCase()));
  return found ? `${found.text ?? ''}\n${found.html ?? ''}` : undefined;
}

/** A socket as API clients open one (auth.token, WebSocket only, as the site's), recording what it receives. */
function openSocket(base, token) {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  const received = [];
  socket.onAny((event, data) => received.push({ event, data }));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no socket connection to ${base} within 10 s`)), 10_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve({ socket, received });
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(new Error(`socket to ${base} refused: ${error.message}`));
    });
  });
}

const nextEvent = (client, event, where) =>
  waitFor(
    `"${event}" on a socket`,
    () => client.received.find((r) => r.event === event && where(r.data))?.data,
    10_000,
    100,
  );

async function main() {
  if (!succeeds('docker', ['info'])) {
    log('skipped: no Docker engine (`docker info` fails)');
    return;
  }
  const forced = process.env.COMPOSE_TEST_TOOL;
  const tool = forced
    ? forced.split(' ')
    : succeeds('docker', ['compose', 'version'])
      ? ['docker', 'compose']
      : ['docker-compose'];
  const toolVersion = await run(tool[0], [...tool.slice(1), 'version', '--short'], { capture: true }).catch(
    () => 'unknown',
  );
  log(`compose tool: ${tool.join(' ')} ${toolVersion}`);

  const localNames = [
    'debian:bookworm',
    'node:20',
    'mariadb:10.11',
    'redis:7',
    'nginx:1.22',
    'maildev:2',
  ].map((name) => `fitcoach-local/${name}`);
  const standardNames = ['node:20-bookworm-slim', 'mariadb:10.11', 'redis:7-bookworm'];
  const haveImage = (name) => succeeds('docker', ['image', 'inspect', name]);
  const mode = process.env.COMPOSE_TEST_IMAGES ?? 'auto';
  const local =
    mode === 'local' || (mode === 'auto' && (localNames.every(haveImage) || !standardNames.every(haveImage)));
  log(`images: ${local ? 'local stand-ins (docker/local-images.sh)' : "Docker Hub's"}`);

  const work = mkdtempSync(join(tmpdir(), 'fitcoach-compose-test-'));
  const project = `fitcoach-test-${Date.now().toString(36)}${process.pid}`;
  const files = [
    '-f',
    'docker/compose.yaml',
    ...(local ? ['-f', 'docker/compose.local.yaml'] : []),
    '-f',
    'docker/compose.test.yaml',
  ];
  const [httpPort, mailPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${httpPort}`;
  const mailBase = `http://127.0.0.1:${mailPort}`;
  const paypalModule = await loadFakePayPal(work);
  const paypal = await paypalModule.startFakePayPal({
    listenHost: '0.0.0.0',
    publicHost: 'host.docker.internal',
  });

  // A /24 no Docker network uses yet, for the stack's fixed addresses.
  const subnets = await run(
    'docker',
    ['network', 'inspect', '--format', '{{range .IPAM.Config}}{{.Subnet}} {{end}}', ...(await networkIds())],
    { capture: true },
  ).catch(() => '');
  let net;
  for (let third = 100 + Math.floor(Math.random() * 100); !net; third += 1) {
    if (!subnets.includes(`172.29.${third % 256}.`)) net = `172.29.${third % 256}`;
  }

  const metricsToken = `metrics-${randomUUID()}`;
  const env = {
    ...process.env,
    COMPOSE_PROJECT_NAME: project,
    FITCOACH_IMAGE: 'fitcoach:test-compose',
    FITCOACH_SECRETS: join(work, 'secrets'),
    FITCOACH_NET: net,
    FITCOACH_HTTP_PORT: `127.0.0.1:${httpPort}`,
    FITCOACH_MAIL_PORT: `127.0.0.1:${mailPort}`,
    PUBLIC_URL: base,
    ...paypal.env,
    METRICS_TOKEN: metricsToken,
    // The classic builder: BuildKit would fetch its Dockerfile front end from Docker Hub on some set-ups.
    DOCKER_BUILDKIT: '0',
    COMPOSE_DOCKER_CLI_BUILD: '0',
  };
  const compose = (args, options = {}) =>
    run(tool[0], [...tool.slice(1), '-p', project, ...files, ...args], { env, ...options });
  const containerOf = async (service) =>
    (await compose(['ps', '-q', service], { capture: true })).split('\n')[0];
  const health = async (service) =>
    run('docker', ['inspect', '--format', '{{.State.Health.Status}}', await containerOf(service)], {
      capture: true,
    });
  const portOf = async (service) => {
    const address = await compose(['port', service, '3000'], { capture: true });
    return `http://127.0.0.1:${address.split(':').pop()}`;
  };
  const healthy = (service, timeoutMs = 180_000) =>
    waitFor(
      `${service} healthy`,
      async () => ((await health(service)) === 'healthy' ? true : undefined),
      timeoutMs,
    );

  let failed = false;
  try {
    if (local && !localNames.every(haveImage)) {
      await step('local stand-in images (docker/local-images.sh)', () =>
        run('bash', ['docker/local-images.sh']),
      );
    }
    await step('secrets (docker/init-secrets.sh into a temporary folder)', () =>
      run('sh', ['docker/init-secrets.sh', env.FITCOACH_SECRETS], { capture: true }),
    );
    await step('build the app image', () => compose(['build', 'migrate']));
    await step(`up: mariadb, redis, mail, migrate, app, app2, nginx (project ${project}, ${net}.0/24)`, () =>
      compose(['up', '-d']),
    );
    const migrateLog = await compose(['logs', '--no-color', 'migrate'], { capture: true });
    check(/Applied \d+ migration|up to date/.test(migrateLog), `migrate said:\n${migrateLog}`);

    const instances = await step('both instances healthy, nginx answering', async () => {
      await healthy('app');
      await healthy('app2');
      const one = await portOf('app');
      const two = await portOf('app2');
      await waitFor('nginx → /api/health', async () =>
        (await call(base, 'GET', '/api/health')).status === 200 ? true : undefined,
      );
      for (const instance of [one, two]) {
        await call(instance, 'GET', '/api/health/ready', { expect: 200 });
        await call(instance, 'GET', '/api/health/live', { expect: 200 });
      }
      return { one, two };
    });

    // Headers nginx adds: gzip on a large text answer, the request id carried through.
    await step('nginx: gzip, X-Request-Id, body limit', async () => {
      const page = await fetch(`${base}/`, { headers: { 'Accept-Encoding': 'gzip' } });
      check(page.status === 200, `GET / is ${page.status}`);
      check(page.headers.get('content-encoding') === 'gzip', 'the home page is not gzipped');
      const id = randomUUID();
      const echoed = await fetch(`${base}/api/health`, { headers: { 'X-Request-Id': id } });
      check(echoed.headers.get('x-request-id') === id, 'X-Request-Id is not carried through nginx');
      const tooLarge = await fetch(`${base}/api/users/register/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: 'x'.repeat(8 * 1024 * 1024),
      });
      check(tooLarge.status === 413, `an 8 MB body is ${tooLarge.status}, not 413`);
    });

    const password = `pw-${randomUUID().slice(0, 12)}`;
    const registerAndSignIn = async (firstName) => {
      const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
      await call(base, 'POST', '/api/users/register/', {
        json: { first_name: firstName, last_name: 'Compose', email, password },
        expect: 201,
      });
      const text = await waitFor(
        `the verification mail to ${email}`,
        () => mailTextTo(mailBase, email),
        60_000,
      );
      const token = /\/verify\/([^\s"'<>]+)/.exec(text)?.[1];
      check(token, `no verification link in the mail:\n${text}`);
      await call(base, 'POST', '/api/users/email_verification/', {
        json: { token: decodeURIComponent(token) },
        expect: 201,
      });
      const { data } = await call(base, 'POST', '/api/token/', { json: { email, password }, expect: 200 });
      const me = await call(base, 'GET', '/api/users/me/', { token: data.access, expect: 200 });
      return { email, access: data.access, id: me.data.id };
    };

    const trainer = await step('register, read the verification mail from the catcher, verify, sign in', () =>
      registerAndSignIn('Trainer'),
    );

    const admin = await step('superuser with the create-superuser CLI inside the app container', async () => {
      const email = `admin-${randomUUID().slice(0, 8)}@example.com`;
      const out = await compose(
        [
          'exec',
          '-T',
          'app',
          'node',
          'api/dist/cli/create-superuser.js',
          '--email',
          email,
          '--password',
          password,
        ],
        { capture: true },
      );
      check(out.includes(`Created superuser ${email}`), out);
      const { data } = await call(base, 'POST', '/api/token/', { json: { email, password }, expect: 200 });
      return { access: data.access };
    });

    const cover = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#2e86c1' } })
      .png()
      .toBuffer();
    const programId = await step(
      'trainer profile, a programme with a cover uploaded to instance 1, published by the superuser',
      async () => {
        const profile = new FormData();
        for (const [key, value] of Object.entries({
          specalized: 'Yoga',
          phone: '9876543210',
          certifications: 'RYT-200',
          experience_years: '6',
          country: 'India',
          about: 'Yoga teacher for everybody.',
        }))
          profile.append(key, value);
        await call(base, 'POST', '/api/trainers/TrainerProfileCreation/', {
          token: trainer.access,
          form: profile,
          expect: 201,
        });
        const programme = new FormData();
        for (const [key, value] of Object.entries({
          program_name: `Compose ${randomUUID().slice(0, 6)}`,
          description: 'Thirty days of steady practice.',
          duration: '30',
          price: '499',
          category: 'Yoga',
          level: 'Beginner',
        }))
          programme.append(key, value);
        programme.append('cover_image', new Blob([cover], { type: 'image/png' }), 'cover.png');
        const created = await call(instances.one, 'POST', '/api/fitness_programs/create/', {
          token: trainer.access,
          form: programme,
          expect: 201,
        });
        const id = created.data.id;
        await call(base, 'GET', `/api/fitness_programs/publishRequest/${id}/`, {
          token: trainer.access,
          expect: 200,
        });
        const published = await call(base, 'GET', `/api/fitness_programs/publishprogram/${id}/`, {
          token: admin.access,
          expect: 200,
        });
        check(published.data?.message === 'Program Published', JSON.stringify(published.data));
        return id;
      },
    );

    const programmeOn = async (instance) => {
      const { data } = await call(instance, 'GET', `/api/fitness_programs/get_programme/${programId}/`, {
        token: trainer.access,
        expect: 200,
      });
      return data.data ?? data;
    };

    const coverPath = await step(
      'the cover uploaded to instance 1 is served by instance 2 and nginx',
      async () => {
        const programme = await programmeOn(instances.two);
        check(typeof programme.cover_image === 'string', `no cover_image: ${JSON.stringify(programme)}`);
        const path = new URL(programme.cover_image, base).pathname;
        const bodies = [];
        for (const instance of [instances.one, instances.two, base]) {
          const response = await fetch(`${instance}${path}`);
          check(response.status === 200, `GET ${path} on ${instance} is ${response.status}`);
          check(response.headers.get('content-type')?.startsWith('image/'), `GET ${path} is not an image`);
          bodies.push(Buffer.from(await response.arrayBuffer()));
        }
        check(
          bodies.every((b) => b.equals(bodies[0])),
          'the instances serve different bytes for one file',
        );
        return path;
      },
    );

    const member = await step(
      'a second user registers (mail, verification, sign-in) and buys the programme',
      async () => {
        const buyer = await registerAndSignIn('Member');
        const order = await call(base, 'POST', '/api/payments/paypal/orders/', {
          token: buyer.access,
          json: { program_id: programId },
          expect: 201,
        });
        check(order.data.approve_url?.includes('/checkoutnow'), `approve_url: ${order.data.approve_url}`);
        paypal.approve(order.data.id); // the buyer approves at (the stand-in for) PayPal
        const captured = await call(base, 'POST', `/api/payments/paypal/orders/${order.data.id}/capture/`, {
          token: buyer.access,
          expect: 200,
        });
        check(captured.data.subscription, `no subscription: ${JSON.stringify(captured.data)}`);
        return buyer;
      },
    );

    const sockets = [];
    const sentBefore = await step(
      'chat: trainer on instance 1, member on instance 2 and through nginx',
      async () => {
        const trainerOnOne = await openSocket(instances.one, trainer.access);
        const memberOnTwo = await openSocket(instances.two, member.access);
        const memberThroughNginx = await openSocket(base, member.access);
        sockets.push(trainerOnOne, memberOnTwo, memberThroughNginx);
        const ack = await memberOnTwo.socket.timeout(5000).emitWithAck('message:send', {
          to: trainer.id,
          text: 'Hello coach, from instance 2',
        });
        check(ack.ok, `message:send refused: ${JSON.stringify(ack)}`);
        const arrived = await nextEvent(trainerOnOne, 'message:new', (m) => m.id === ack.message.id);
        check(arrived.message === 'Hello coach, from instance 2', JSON.stringify(arrived));
        const reply = await trainerOnOne.socket.timeout(5000).emitWithAck('message:send', {
          to: member.id,
          text: 'Hello member, from instance 1',
        });
        check(reply.ok, `reply refused: ${JSON.stringify(reply)}`);
        await nextEvent(memberOnTwo, 'message:new', (m) => m.id === reply.message.id);
        await nextEvent(memberThroughNginx, 'message:new', (m) => m.id === reply.message.id);
        return [ack.message.id, reply.message.id];
      },
    );
    await step('metrics on each instance (sockets, requests, queues); nginx refuses /metrics', async () => {
      const scrape = async (instance) => {
        const response = await fetch(`${instance}/metrics`, {
          headers: { Authorization: `Bearer ${metricsToken}` },
        });
        check(response.status === 200, `/metrics on ${instance}: ${response.status}`);
        return response.text();
      };
      const [one, two] = [await scrape(instances.one), await scrape(instances.two)];
      for (const text of [one, two]) {
        check(/^fitcoach_sockets_connected [1-9]/m.test(text), 'no open socket in the metrics');
        check(
          text.includes('fitcoach_job_queue_jobs{queue="mail",state="waiting"}'),
          'no queue depth in the metrics',
        );
      }
      check(
        /http_request_duration_seconds_count\{method="POST",route="\/api\/fitness_programs\/create",status="201"\} 1/.test(
          one,
        ),
        'instance 1 did not count the programme it created',
      );
      check((await fetch(`${base}/metrics`)).status === 404, 'nginx lets /metrics through');
    });
    for (const { socket } of sockets) socket.close();

    await step('restart instance 1 (SIGTERM: a clean stop, then start) and wait for it', async () => {
      await compose(['restart', 'app']);
      const stopped = await compose(['logs', '--no-color', 'app'], { capture: true });
      check(stopped.includes('"msg":"FitCoach stopped"'), 'instance 1 did not stop cleanly on SIGTERM');
      await healthy('app');
      instances.one = await portOf('app');
    });
    await step('restart MariaDB and wait until both instances answer healthy again', async () => {
      await compose(['restart', 'mariadb']);
      await healthy('mariadb');
      for (const service of ['app', 'app2']) {
        const instance = await portOf(service);
        await waitFor(`${service} /api/health 200 after the database came back`, async () =>
          (await call(instance, 'GET', '/api/health')).status === 200 ? true : undefined,
        );
      }
    });

    await step('nothing was lost: accounts, sessions, programme, subscription, chat, media', async () => {
      // Sessions signed before the restarts still work, on either instance.
      for (const instance of [instances.one, instances.two]) {
        const me = await call(instance, 'GET', '/api/users/me/', { token: member.access, expect: 200 });
        check(me.data.email === member.email, `member on ${instance}: ${JSON.stringify(me.data)}`);
      }
      const { data } = await call(base, 'POST', '/api/token/', {
        json: { email: trainer.email, password },
        expect: 200,
      });
      check(typeof data.access === 'string', 'the trainer cannot sign in again');
      const programme = await programmeOn(instances.one);
      check(
        programme.is_published === true,
        `the programme is no longer published: ${JSON.stringify(programme)}`,
      );
      const followed = await call(instances.two, 'GET', '/api/users/getFollowedPrograms/', {
        token: member.access,
        expect: 200,
      });
      check(
        JSON.stringify(followed.data).includes(`"id":${programId}`),
        `subscription: ${JSON.stringify(followed.data)}`,
      );
      const history = await call(instances.one, 'GET', `/api/chat/getMessages/${trainer.id}/`, {
        token: member.access,
        expect: 200,
      });
      const ids = history.data.map((m) => m.id);
      check(
        sentBefore.every((id) => ids.includes(id)),
        `chat history: ${JSON.stringify(ids)}`,
      );
      const after = await call(base, 'POST', '/api/chat/sendMessage/', {
        token: trainer.access,
        json: { to: member.id, text: 'Still here after the restarts' },
        expect: 201,
      });
      const again = await call(instances.two, 'GET', `/api/chat/getMessages/${member.id}/`, {
        token: trainer.access,
        expect: 200,
      });
      check(
        again.data.some((m) => m.id === after.data.id),
        'a message written after the restarts is not read back',
      );
      for (const instance of [instances.one, instances.two]) {
        const response = await fetch(`${instance}${coverPath}`);
        check(response.status === 200, `the cover on ${instance} after the restarts: ${response.status}`);
      }
    });
  } catch (error) {
    failed = true;
    log(`✘ ${error instanceof Error ? error.message : String(error)}`);
    for (const service of ['migrate', 'app', 'app2', 'nginx', 'mariadb']) {
      const logs = await compose(['logs', '--no-color', '--tail', '40', service], { capture: true }).catch(
        (e) => e.message,
      );
      process.stdout.write(`\n----- last lines of ${service} -----\n${logs}\n`);
    }
  } finally {
    await paypal.close();
    if (failed && process.env.COMPOSE_TEST_KEEP === '1') {
      log(`left running (COMPOSE_TEST_KEEP=1): ${tool.join(' ')} -p ${project} ${files.join(' ')} down -v`);
    } else {
      await step('down -v', () => compose(['down', '-v', '--remove-orphans'], { capture: true })).catch(
        (error) => {
          failed = true;
          log(`✘ down -v: ${error.message}`);
        },
      );
    }
    rmSync(work, { recursive: true, force: true });
  }

  const total = Date.now() - startedAt;
  log('durations:');
  for (const [name, took] of timings) log(`  ${seconds(took).padStart(8)}  ${name}`);
  log(`total ${seconds(total)}${total > BUDGET_MS ? ` — over the ${seconds(BUDGET_MS)} budget` : ''}`);
  if (failed) {
    log('FAILED');
    process.exit(1);
  }
  log('passed');
}

async function networkIds() {
  const ids = await run('docker', ['network', 'ls', '-q'], { capture: true });
  return ids.split('\n').filter(Boolean);
}

main().catch((error) => {
  log(`✘ ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
