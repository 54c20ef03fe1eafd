import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChatMessage, ChatSendAck, PresenceEvent, PresenceSnapshot } from '@fitcoach/contracts';
import { createTestApp, type TestApp } from '../../fixtures/app.js';
import { createProgram, createTrainer } from '../../fixtures/catalogue.js';
import { type ChatClient, connect, listen } from '../../fixtures/sockets.js';
import { subscribe } from '../../fixtures/subscriptions.js';
import { createSession, type Session } from '../../fixtures/users.js';

/*
 * Two instances of the app on two ports, one MariaDB database and one Redis, as behind a load balancer
 * (docs/architecture.md §12): a socket on one instance and a socket on the other behave as on one server.
 * Collected only when DATABASE_URL and REDIS_URL are set (jest.config.js), as `.ci/run`'s second pass does.
 */

let first: TestApp;
let second: TestApp;
let firstUrl: string;
let secondUrl: string;
let coach: Session;
let member: Session;
const clients: ChatClient[] = [];

async function on(url: string, session: Session): Promise<ChatClient> {
  const client = await connect(url, { token: session.access });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  // One Redis namespace and one token secret for both, as two replicas of one deployment have.
  const shared = {
    queuePrefix: `fitcoach-scale-${randomUUID().slice(0, 8)}`,
    env: { JWT_SECRET: `scale-out-test-secret-${randomUUID()}` },
  };
  first = await createTestApp(shared);
  second = await createTestApp(shared);
  firstUrl = await listen(first);
  secondUrl = await listen(second);
  const trainer = await createTrainer(first);
  coach = trainer.session;
  member = await createSession(first);
  await subscribe(first, member.user.id, await createProgram(first, trainer.trainer, { isPublished: true }));
});

afterAll(async () => {
  for (const client of clients) client.close();
  await first.close();
  await second.close();
});

describe('two instances behind one address', () => {
  it('delivers a message sent through one instance to the sockets on the other', async () => {
    const coachThere = await on(secondUrl, coach);
    const memberHere = await on(firstUrl, member);
    const memberThere = await on(secondUrl, member);
    const ack = await memberHere.emit<ChatSendAck>('message:send', { to: coach.user.id, text: 'across' });
    if (!ack.ok) throw new Error(ack.error);
    const byId = (m: ChatMessage) => m.id === ack.message.id;
    expect(await coachThere.next<ChatMessage>('message:new', byId)).toEqual(ack.message);
    expect(await memberThere.next<ChatMessage>('message:new', byId)).toEqual(ack.message);
    for (const client of [coachThere, memberHere, memberThere]) client.close();
  });

  it('shares presence: online on one instance is online on the other, offline when the last socket closes', async () => {
    const coachHere = await on(firstUrl, coach);
    const memberThere = await on(secondUrl, member);
    expect(
      await coachHere.next<PresenceEvent>('presence', (e) => e.userId === member.user.id && e.online),
    ).toEqual({
      userId: member.user.id,
      online: true,
    });
    const online = await first
      .http()
      .get('/api/chat/getOnlineUserIDs/')
      .set('Authorization', coach.bearer)
      .expect(200);
    expect(online.body.online_user_ids).toEqual([member.user.id]);
    const snapshotThere = await on(secondUrl, coach);
    expect((await snapshotThere.next<PresenceSnapshot>('presence:snapshot')).online).toEqual([
      member.user.id,
    ]);
    memberThere.close();
    expect(
      await coachHere.next<PresenceEvent>('presence', (e) => e.userId === member.user.id && !e.online),
    ).toEqual({ userId: member.user.id, online: false });
  });

  it('blocking through one instance closes the user’s sockets on both', async () => {
    const victim = await createSession(first);
    const superuser = await createSession(first, { superuser: true });
    const here = await on(firstUrl, victim);
    const there = await on(secondUrl, victim);
    await second
      .http()
      .get(`/api/users/changeUserAccess/${victim.user.id}/`)
      .set('Authorization', superuser.bearer)
      .expect(200);
    expect(await here.disconnected()).toBe('io server disconnect');
    expect(await there.disconnected()).toBe('io server disconnect');
  });
});
