// Over 300 lines on purpose: one file per resource holds every endpoint of it with its refusals, because each
// API e2e file boots an application of its own (seconds a file); describe blocks, not files, divide it.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { JSON_BODY_MAX_BYTES, PUSH_ENDPOINT_MAX_LENGTH, PUSH_MESSAGES } from '@fitcoach/contracts';
import { DataSource, type Repository } from 'typeorm';
import { PushSubscriptionEntity } from '../../api/src/modules/push/push-subscription.entity.js';
import { PushService } from '../../api/src/modules/push/push.service.js';
import { loadVapidKeys, VAPID_KEYS_FILE } from '../../api/src/modules/push/vapid-keys.js';
import { NotificationSettingEntity } from '../../api/src/modules/reminders/notification-setting.entity.js';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { eventually } from '../fixtures/eventually.js';
import { type FakeBrowser, type FakePushService, startFakePushService } from '../fixtures/push-service.js';
import { REFUSED, refusal } from '../fixtures/refusals.js';
import { type ChatClient, connect, listen } from '../fixtures/sockets.js';
import { subscribe } from '../fixtures/subscriptions.js';
import { createSession, type Session, TEST_PASSWORD } from '../fixtures/users.js';

let t: TestApp;
let pushService: FakePushService;
let rows: Repository<PushSubscriptionEntity>;
let coach: Session;
let url: string;
let browserCount = 0;
const open: ChatClient[] = [];

const BAD_ENDPOINT = refusal(400, PUSH_MESSAGES.badEndpoint);
const BAD_KEYS = refusal(400, PUSH_MESSAGES.badKeys);
const NOT_FOUND = refusal(404, PUSH_MESSAGES.notFound);

function browser(): FakeBrowser {
  browserCount += 1;
  return pushService.browser(`browser-${browserCount}`);
}

const nameOf = (b: FakeBrowser) => b.endpoint.split('/').pop()!;

function register(session: Session, body: unknown) {
  return t
    .http()
    .post('/api/push/subscriptions/')
    .set('Authorization', session.bearer)
    .send(body as object);
}

function unregister(session: Session, endpoint: unknown) {
  return t.http().delete('/api/push/subscriptions/').set('Authorization', session.bearer).send({ endpoint });
}

/** A member following the coach's programme (a chat contact), with one browser subscribed. */
async function subscribedMember(firstName = 'Mia'): Promise<{ member: Session; browser: FakeBrowser }> {
  const member = await createSession(t, { firstName, lastName: 'Member' });
  const programme = await createProgram(t, (await coachTrainer()).trainer, { isPublished: true });
  await subscribe(t, member.user.id, programme);
  const own = browser();
  await register(member, { endpoint: own.endpoint, keys: own.keys }).expect(201);
  return { member, browser: own };
}

let trainerOfCoach: Awaited<ReturnType<typeof createTrainer>> | undefined;
async function coachTrainer() {
  trainerOfCoach ??= await createTrainer(t, { account: { firstName: 'Carla', lastName: 'Coach' } });
  return trainerOfCoach;
}

function chat(from: Session, to: Session, text: string) {
  return t
    .http()
    .post('/api/chat/sendMessage/')
    .set('Authorization', from.bearer)
    .send({ to: to.user.id, text })
    .expect(201);
}

const stored = (b: FakeBrowser) => rows.existsBy({ endpoint: b.endpoint });

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  pushService = await startFakePushService(() => t.app.get(PushService).publicConfig().public_key);
  rows = t.app.get(DataSource).getRepository(PushSubscriptionEntity);
  coach = (await coachTrainer()).session;
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

afterAll(async () => {
  await pushService.close();
  await t.close();
});

describe('GET /api/push/config/', () => {
  it('answers anyone the public key, generated once into DATA_DIR, readable by the server only', async () => {
    const res = await t.http().get('/api/push/config/').expect(200);
    expect(res.body).toEqual({ public_key: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/) });
    const file = join(t.config.dataDir, VAPID_KEYS_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ publicKey: res.body.public_key });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps the first pair written when instances sharing DATA_DIR start together, and prefers the settings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fitcoach-vapid-'));
    try {
      const pairs = await Promise.all(Array.from({ length: 6 }, () => loadVapidKeys(undefined, dir)));
      expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
      expect(await loadVapidKeys(undefined, dir)).toEqual(pairs[0]);
      const configured = { publicKey: 'p'.repeat(87), privateKey: 'q'.repeat(43) };
      expect(await loadVapidKeys(configured, dir)).toBe(configured);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('POST and DELETE /api/push/subscriptions/', () => {
  it('registers a browser once, answers its id again, and removes it for its owner', async () => {
    const member = await createSession(t);
    const own = browser();
    const first = await register(member, { endpoint: own.endpoint, keys: own.keys }).expect(201);
    expect(first.body).toEqual({ id: expect.any(Number) });
    const again = await register(member, { endpoint: own.endpoint, keys: own.keys }).expect(201);
    expect(again.body).toEqual(first.body);
    await unregister(member, own.endpoint).expect(204);
    expect(await stored(own)).toBe(false);
    await unregister(member, own.endpoint).expect(404, NOT_FOUND);
  });

  it('gives an endpoint to the last account that registered it; the earlier one cannot remove it', async () => {
    const [first, second] = [await createSession(t), await createSession(t)];
    const shared = browser();
    await register(first, { endpoint: shared.endpoint, keys: shared.keys }).expect(201);
    await register(second, { endpoint: shared.endpoint, keys: shared.keys }).expect(201);
    await unregister(first, shared.endpoint).expect(404, NOT_FOUND);
    expect(await rows.findOneByOrFail({ endpoint: shared.endpoint })).toMatchObject({
      userId: second.user.id,
    });
  });

  it("refuses to remove another member's subscription as an unknown one", async () => {
    const [owner, other] = [await createSession(t), await createSession(t)];
    const own = browser();
    await register(owner, { endpoint: own.endpoint, keys: own.keys }).expect(201);
    await unregister(other, own.endpoint).expect(404, NOT_FOUND);
    await unregister(other, 'https://push.example.com/never-registered').expect(404, NOT_FOUND);
    expect(await stored(own)).toBe(true);
  });

  it('refuses callers without a session', async () => {
    const own = browser();
    await t
      .http()
      .post('/api/push/subscriptions/')
      .send({ endpoint: own.endpoint, keys: own.keys })
      .expect(401, REFUSED.notAuthenticated);
    await t
      .http()
      .delete('/api/push/subscriptions/')
      .send({ endpoint: own.endpoint })
      .expect(401, REFUSED.notAuthenticated);
  });

  it('refuses endpoints that are no https push address, and keys that are not a browser’s', async () => {
    const member = await createSession(t);
    const { keys } = browser();
    const endpoints = [
      undefined,
      42,
      'not a url',
      'ftp://push.example.com/x',
      'http://push.example.com/x',
      `https://push.example.com/${'x'.repeat(PUSH_ENDPOINT_MAX_LENGTH)}`,
    ];
    for (const endpoint of endpoints) {
      const res = await register(member, { endpoint, keys }).expect(400);
      expect(res.body).toMatchObject({ ...BAD_ENDPOINT, errors: [{ field: 'endpoint' }] });
    }
    const endpoint = 'https://push.example.com/ok';
    const badKeys = [
      undefined,
      'keys',
      { p256dh: keys.p256dh },
      { auth: keys.auth },
      { p256dh: keys.auth, auth: keys.auth },
      { p256dh: keys.p256dh, auth: keys.p256dh },
      { p256dh: `${keys.p256dh}!`, auth: keys.auth },
    ];
    for (const bad of badKeys) {
      const res = await register(member, { endpoint, keys: bad }).expect(400);
      expect(res.body).toMatchObject(BAD_KEYS);
    }
    await register(member, { endpoint, keys: { ...keys, extra: 'x'.repeat(JSON_BODY_MAX_BYTES) } }).expect(
      413,
    );
    expect(await rows.countBy({ userId: member.user.id })).toBe(0);
  });
});

describe('a subscription ends with its session', () => {
  it('is removed when its session signs out, and only that one', async () => {
    const member = await createSession(t);
    const other = await t
      .http()
      .post('/api/token/')
      .send({ email: member.user.email, password: TEST_PASSWORD });
    const [mine, theirs] = [browser(), browser()];
    await register(member, { endpoint: mine.endpoint, keys: mine.keys }).expect(201);
    await t
      .http()
      .post('/api/push/subscriptions/')
      .set('Authorization', `Bearer ${other.body.access}`)
      .send({ endpoint: theirs.endpoint, keys: theirs.keys })
      .expect(201);
    await t
      .http()
      .post('/api/users/logout/')
      .set('Authorization', member.bearer)
      .send({ refresh: member.refresh })
      .expect(200);
    await eventually(async () => !(await stored(mine)));
    expect(await stored(theirs)).toBe(true);
  });

  it('is removed when the account is deleted', async () => {
    const member = await createSession(t);
    const own = browser();
    await register(member, { endpoint: own.endpoint, keys: own.keys }).expect(201);
    await t
      .http()
      .delete('/api/users/me/')
      .set('Authorization', member.bearer)
      .send({ password: TEST_PASSWORD })
      .expect(204);
    await eventually(async () => !(await stored(own)));
  });
});

describe('chat messages by push', () => {
  it('pushes a message to a member with no page open: the sender, the text’s start and the chat', async () => {
    const { member, browser: own } = await subscribedMember();
    const text = `Great session today! ${'Keep going. '.repeat(20)}`;
    await chat(coach, member, text);
    const [delivery] = await pushService.waitFor(nameOf(own), 1);
    expect(delivery.message).toEqual({
      title: 'New message from Carla Coach',
      body: text.slice(0, 100),
      url: '/chat',
      tag: 'chat',
    });
    expect(delivery.claims.sub).toBe(t.config.vapidSubject);
    expect(delivery.ttl).toBeGreaterThan(0);
  });

  it('pushes nothing to a member who has the site open, nor to one who turned chat pushes off', async () => {
    const online = await subscribedMember('Olga');
    const quiet = await subscribedMember('Quinn');
    const offline = await subscribedMember('Otto');
    await t.app
      .get(DataSource)
      .getRepository(NotificationSettingEntity)
      .insert({ userId: quiet.member.user.id, reminderEmails: true, pushReminders: true, pushChat: false });
    const socket = await connect(url, { token: online.member.access });
    open.push(socket);
    await chat(coach, online.member, 'Seen live');
    await chat(coach, quiet.member, 'Not pushed');
    await chat(coach, offline.member, 'Pushed');
    await pushService.waitFor(nameOf(offline.browser), 1);
    expect(pushService.deliveries.map((d) => d.name)).not.toContain(nameOf(online.browser));
    expect(pushService.deliveries.map((d) => d.name)).not.toContain(nameOf(quiet.browser));
  });

  it.each([410, 404, 403])('removes a subscription its push service no longer takes (%i)', async (status) => {
    const { member, browser: own } = await subscribedMember();
    pushService.answerNext(status);
    await chat(coach, member, 'Are you there?');
    const [delivery] = await pushService.waitFor(nameOf(own), 1);
    expect(delivery.status).toBe(status);
    await eventually(async () => !(await stored(own)));
  });

  it('tries again after a push service error, and keeps the subscription', async () => {
    const { member, browser: own } = await subscribedMember();
    pushService.answerNext(500);
    await chat(coach, member, 'Second try');
    const deliveries = await pushService.waitFor(nameOf(own), 2);
    expect(deliveries.map((d) => d.status)).toEqual([500, 201]);
    expect(deliveries[1].message).toMatchObject({ body: 'Second try' });
    expect(await stored(own)).toBe(true);
  });
});

describe('PushService.sendReminder', () => {
  it('pushes a reminder to each browser of the member, unless they turned reminder pushes off', async () => {
    const member = await createSession(t);
    const [phone, laptop] = [browser(), browser()];
    await register(member, { endpoint: phone.endpoint, keys: phone.keys }).expect(201);
    await register(member, { endpoint: laptop.endpoint, keys: laptop.keys }).expect(201);
    const reminder = {
      title: 'Time for lesson 3',
      body: 'Core strength, 20 minutes',
      url: '/programLesson/7',
    };
    const push = t.app.get(PushService);
    expect(await push.sendReminder(member.user.id, reminder)).toBe(2);
    for (const b of [phone, laptop]) {
      const [delivery] = await pushService.waitFor(nameOf(b), 1);
      expect(delivery.message).toEqual({ ...reminder, tag: 'reminder' });
    }
    await t.app
      .get(DataSource)
      .getRepository(NotificationSettingEntity)
      .insert({ userId: member.user.id, reminderEmails: true, pushReminders: false, pushChat: true });
    expect(await push.sendReminder(member.user.id, reminder)).toBe(0);
  });
});
