import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { AdminStatsResponse } from '@fitcoach/contracts';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { TableWrites, touches } from '../../../api/src/common/cache/table-writes.js';
import { SessionsService } from '../../../api/src/modules/auth/sessions.service.js';
import { createTestApp, type TestApp } from '../../fixtures/app.js';
import { createLesson, createProgram, createTrainer } from '../../fixtures/catalogue.js';
import { REFUSED } from '../../fixtures/refusals.js';
import { subscribe } from '../../fixtures/subscriptions.js';
import { createSession, type Session } from '../../fixtures/users.js';

/*
 * Two instances, one database and one Redis, both remembering anonymous catalogue answers, the dashboard's
 * figures (ADR 026) and signed-in sessions (ADR 028) for a minute: a write through either instance empties both
 * memories of what it changed, so the other instance never serves what the write made stale beyond the message's
 * round trip through Redis, and keeps what it did not change. Collected only when DATABASE_URL and REDIS_URL are
 * set (jest.config.js), as `.ci/run`'s second pass does.
 */

let first: TestApp;
let second: TestApp;
let superuser: Session;
let redis: Redis;
const queuePrefix = `fitcoach-scale-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  const shared = {
    queuePrefix,
    env: {
      JWT_SECRET: `scale-out-test-secret-${randomUUID()}`,
      PUBLIC_CACHE_MS: '60000',
      ADMIN_STATS_CACHE_MS: '60000',
      AUTH_CACHE_MS: '60000',
    },
  };
  first = await createTestApp(shared);
  second = await createTestApp(shared);
  superuser = await createSession(first, { superuser: true });
  redis = new Redis(process.env.REDIS_URL as string);
});

afterAll(async () => {
  redis.disconnect();
  await first.close();
  await second.close();
});

const writesOf = (t: TestApp) => t.app.get(TableWrites);

/** Runs `write` on `writer`, then waits until `reader` has heard every message the write published. */
async function propagated<T>(writer: TestApp, reader: TestApp, write: () => Promise<T>): Promise<T> {
  const from = writesOf(writer);
  const before = from.published;
  let heard = before;
  let target = Number.POSITIVE_INFINITY;
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const stop = writesOf(reader).watch((_tables, origin) => {
    if (origin?.from !== from.instanceId) return;
    heard = Math.max(heard, origin.seq);
    if (heard >= target) arrive();
  });
  try {
    const result = await write();
    target = from.published;
    expect(target).toBeGreaterThan(before);
    if (heard >= target) arrive();
    await arrived;
    return result;
  } finally {
    stop();
  }
}

/** A GET on instance `t` by the holder of `session`. */
const getAs = (t: TestApp, path: string, session: Session) =>
  t.http().get(path).set('Authorization', session.bearer);

const names = (body: { program_name: string }[]) => body.map((program) => program.program_name);

async function listed(t: TestApp, word: string): Promise<string[]> {
  const res = await t
    .http()
    .get(`/api/fitness_programs/retrive_all/?q=${encodeURIComponent(word)}`)
    .expect(200);
  return names(res.body);
}

async function stats(t: TestApp): Promise<AdminStatsResponse> {
  return (await getAs(t, '/api/admin/stats/', superuser).expect(200)).body;
}

/** A rename the application is not told of (raw SQL): only a cache that was emptied shows it. */
async function renameBehindTheAppsBack(id: number, name: string): Promise<void> {
  await first.app.get(DataSource).query('UPDATE program SET name = ? WHERE id = ?', [name, id]);
}

describe('the anonymous catalogue on two instances', () => {
  it('is listed by the other instance on the request after a publication through one', async () => {
    const word = `Scale${randomUUID().slice(0, 8)}`;
    const { trainer, session } = await createTrainer(first);
    const program = await createProgram(first, trainer, { name: `${word} one` });
    expect(await listed(second, word)).toEqual([]);

    await getAs(first, `/api/fitness_programs/publishRequest/${program.id}/`, session).expect(200);
    await propagated(first, second, () =>
      getAs(first, `/api/fitness_programs/publishprogram/${program.id}/`, superuser).expect(200),
    );
    expect(await listed(second, word)).toEqual([`${word} one`]);

    // What second serves is remembered: a change nobody announced stays unseen there for the cache's minute.
    await renameBehindTheAppsBack(program.id, `${word} two`);
    expect(await listed(second, word)).toEqual([`${word} one`]);

    await propagated(second, first, () =>
      getAs(second, `/api/fitness_programs/changePublishStatus/${program.id}/`, superuser).expect(200),
    );
    expect(await listed(first, word)).toEqual([]);
  });

  it('is forgotten by an instance whose Redis subscription was lost, since messages may have been missed', async () => {
    const word = `Lost${randomUUID().slice(0, 8)}`;
    const { trainer } = await createTrainer(first);
    const program = await propagated(first, second, () =>
      createProgram(first, trainer, { name: `${word} before`, isPublished: true }),
    );
    expect(await listed(second, word)).toEqual([`${word} before`]);
    await renameBehindTheAppsBack(program.id, `${word} after`);
    expect(await listed(second, word)).toEqual([`${word} before`]);

    const forgotten = new Promise<void>((resolve) => {
      const stop = writesOf(second).watch((tables) => {
        if (!touches(tables, () => false)) return;
        stop();
        resolve();
      });
    });
    const clients = (await redis.client('LIST')) as string;
    const name = `name=${queuePrefix}:table-writes:${writesOf(second).instanceId}`;
    const id = clients
      .split('\n')
      .find((line) => line.split(' ').includes(name))
      ?.match(/^id=(\d+)/)?.[1];
    expect(id).toBeDefined();
    await redis.client('KILL', 'ID', id as string);
    await forgotten;
    expect(await listed(second, word)).toEqual([`${word} after`]);
  });
});

describe('the dashboard figures on two instances', () => {
  it('count on one instance a member who signed up through the other', async () => {
    const before = (await stats(second)).totals.users;
    expect((await stats(second)).totals.users).toBe(before);
    await propagated(first, second, () => createSession(first));
    expect((await stats(second)).totals.users).toBe(before + 1);
  });
});

describe('signed-in sessions on two instances', () => {
  const me = (t: TestApp, session: Session) => getAs(t, '/api/users/me/', session);

  /** Signs `session` in twice on `t` and shows that the second request was answered from its memory. */
  async function rememberedOn(t: TestApp, session: Session): Promise<void> {
    const check = jest.spyOn(t.app.get(SessionsService), 'isActive');
    try {
      await me(t, session).expect(200);
      const checked = check.mock.calls.length;
      await me(t, session).expect(200);
      expect(check.mock.calls.length).toBe(checked);
    } finally {
      check.mockRestore();
    }
  }

  it('refuses on one instance, with 403, a member blocked through the other', async () => {
    const member = await createSession(first);
    await rememberedOn(second, member);
    await propagated(first, second, () =>
      getAs(first, `/api/users/changeUserAccess/${member.user.id}/`, superuser).expect(200, {
        message: 'User Blocked',
      }),
    );
    await me(second, member).expect(403, REFUSED.blocked);
  });

  it('refuses on one instance, with 401, a session logged out through the other', async () => {
    const member = await createSession(first);
    await rememberedOn(second, member);
    await propagated(first, second, () =>
      first.http().post('/api/users/logout/').set('Authorization', member.bearer).expect(200),
    );
    await me(second, member).expect(401, REFUSED.invalidToken);
  });
});

describe('the anonymous catalogue on two instances, across the writes of members', () => {
  it('is kept by the other instance across a chat message and a lesson completion through one', async () => {
    const word = `Kept${randomUUID().slice(0, 8)}`;
    const member = await createSession(first);
    const coach = await createTrainer(first);
    const program = await createProgram(first, coach.trainer, { name: `${word} before`, isPublished: true });
    const lesson = await createLesson(first, program);
    await subscribe(first, member.user.id, program);
    expect(await listed(second, word)).toEqual([`${word} before`]);
    await renameBehindTheAppsBack(program.id, `${word} after`);

    await propagated(first, second, () =>
      first
        .http()
        .post('/api/chat/sendMessage/')
        .set('Authorization', member.bearer)
        .send({ to: coach.session.user.id, text: 'a question' })
        .expect(201),
    );
    await propagated(first, second, () =>
      getAs(
        first,
        `/api/fitness_programs/updatelessonProgress/${program.id}-${lesson.number}/`,
        member,
      ).expect(201),
    );
    expect(await listed(second, word)).toEqual([`${word} before`]);
  });
});
