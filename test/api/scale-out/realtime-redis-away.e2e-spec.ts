import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChatMessage, ChatSendAck, PresenceEvent, PresenceSnapshot } from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import { ChatMessageEntity } from '../../../api/src/modules/chat/chat-message.entity.js';
import { createTestApp, type TestApp } from '../../fixtures/app.js';
import { createProgram, createTrainer } from '../../fixtures/catalogue.js';
import { eventually } from '../../fixtures/eventually.js';
import { RedisLink } from '../../fixtures/redis-link.js';
import { type ChatClient, connect, listen } from '../../fixtures/sockets.js';
import { subscribe } from '../../fixtures/subscriptions.js';
import { createSession, type Session } from '../../fixtures/users.js';

/*
 * Two instances whose Redis is taken away and given back (docs/decisions/034-realtime-while-redis-is-away.md):
 * meanwhile each serves chat and presence to its own sockets without waiting for Redis; when Redis is back,
 * messages cross instances again and presence is told again. Collected only when DATABASE_URL and REDIS_URL are
 * set (jest.config.js), as `.ci/run`'s second pass does.
 */

const link = new RedisLink(new URL(process.env.REDIS_URL as string));
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
  await link.open();
  const shared = {
    queuePrefix: `fitcoach-away-${randomUUID().slice(0, 8)}`,
    env: { JWT_SECRET: `redis-away-test-secret-${randomUUID()}`, REDIS_URL: link.url },
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
  await link.cut();
});

const isMember = (e: PresenceEvent) => e.userId === member.user.id;

describe('chat and presence while the instances’ Redis is away', () => {
  it('serves each instance alone, then crosses instances again and tells presence again when Redis is back', async () => {
    const coachThere = await on(secondUrl, coach);
    await link.cut();

    // A socket opened meanwhile is set up at once, with this instance's own view of who is online.
    const started = Date.now();
    const memberHere = await on(firstUrl, member);
    expect(await memberHere.next<PresenceSnapshot>('presence:snapshot')).toEqual({ online: [] });
    const memberTab = await on(firstUrl, member);
    const online = await first
      .http()
      .get('/api/chat/getOnlineUserIDs/')
      .set('Authorization', member.bearer)
      .expect(200);
    expect(online.body.online_user_ids).toEqual([]);

    // A send is stored, acknowledged and delivered to this instance's sockets.
    const ack = await memberHere.emit<ChatSendAck>('message:send', { to: coach.user.id, text: 'while away' });
    if (!ack.ok) throw new Error(ack.error);
    expect(await memberTab.next<ChatMessage>('message:new', (m) => m.id === ack.message.id)).toEqual(
      ack.message,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    const messages = first.app.get(DataSource).getRepository(ChatMessageEntity);
    expect(await messages.findOneBy({ id: ack.message.id })).toMatchObject({ text: 'while away' });
    expect(coachThere.has('presence', isMember)).toBe(false);

    // Redis back: whichever instance relinks last tells the coach (an event from the member's instance, or a
    // snapshot from the coach's), and messages cross again.
    await link.open();
    await eventually(
      () =>
        coachThere.has<PresenceEvent>('presence', (e) => isMember(e) && e.online) ||
        coachThere.has<PresenceSnapshot>('presence:snapshot', (s) => s.online.includes(member.user.id)),
    );
    const sent = await memberHere.emit<ChatSendAck>('message:send', { to: coach.user.id, text: 'back' });
    if (!sent.ok) throw new Error(sent.error);
    expect(await coachThere.next<ChatMessage>('message:new', (m) => m.id === sent.message.id)).toEqual(
      sent.message,
    );
    memberTab.close();
    memberHere.close();
    expect(await coachThere.next<PresenceEvent>('presence', (e) => isMember(e) && !e.online)).toEqual({
      userId: member.user.id,
      online: false,
    });
  });
});
