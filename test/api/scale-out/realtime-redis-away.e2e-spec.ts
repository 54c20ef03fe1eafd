import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChatMessage, ChatSendAck, PresenceEvent, PresenceSnapshot } from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import { ChatMessageEntity } from '../../../api/src/modules/chat/chat-message.entity.js';
import { eventually } from '../../fixtures/eventually.js';
import { RedisLink } from '../../fixtures/redis-link.js';
import { useTwoInstances } from './two-instances.js';

/*
 * Two instances whose Redis is taken away and given back (docs/decisions/034-realtime-while-redis-is-away.md):
 * meanwhile each serves chat and presence to its own sockets without waiting for Redis; when Redis is back,
 * messages cross instances again and presence is told again. Collected only when DATABASE_URL and REDIS_URL are
 * set (jest.config.js), as `.ci/run`'s second pass does.
 */

const link = new RedisLink(new URL(process.env.REDIS_URL as string));
beforeAll(() => link.open());
const pair = useTwoInstances('redis-away', () => ({ REDIS_URL: link.url }));
afterAll(() => link.cut());

const isMember = (e: PresenceEvent) => e.userId === pair.member.user.id;

describe('chat and presence while the instances’ Redis is away', () => {
  it('serves each instance alone, then crosses instances again and tells presence again when Redis is back', async () => {
    const coachThere = await pair.on(pair.secondUrl, pair.coach);
    await link.cut();

    // A socket opened meanwhile is set up at once, with this instance's own view of who is online.
    const started = Date.now();
    const memberHere = await pair.on(pair.firstUrl, pair.member);
    expect(await memberHere.next<PresenceSnapshot>('presence:snapshot')).toEqual({ online: [] });
    const memberTab = await pair.on(pair.firstUrl, pair.member);
    const online = await pair.first
      .http()
      .get('/api/chat/getOnlineUserIDs/')
      .set('Authorization', pair.member.bearer)
      .expect(200);
    expect(online.body.online_user_ids).toEqual([]);

    // A send is stored, acknowledged and delivered to this instance's sockets.
    const ack = await memberHere.emit<ChatSendAck>('message:send', {
      to: pair.coach.user.id,
      text: 'while away',
    });
    if (!ack.ok) throw new Error(ack.error);
    expect(await memberTab.next<ChatMessage>('message:new', (m) => m.id === ack.message.id)).toEqual(
      ack.message,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    const messages = pair.first.app.get(DataSource).getRepository(ChatMessageEntity);
    expect(await messages.findOneBy({ id: ack.message.id })).toMatchObject({ text: 'while away' });
    expect(coachThere.has('presence', isMember)).toBe(false);

    // Redis back: whichever instance relinks last tells the coach (an event from the member's instance, or a
    // snapshot from the coach's), and messages cross again.
    await link.open();
    await eventually(
      () =>
        coachThere.has<PresenceEvent>('presence', (e) => isMember(e) && e.online) ||
        coachThere.has<PresenceSnapshot>('presence:snapshot', (s) => s.online.includes(pair.member.user.id)),
    );
    const sent = await memberHere.emit<ChatSendAck>('message:send', { to: pair.coach.user.id, text: 'back' });
    if (!sent.ok) throw new Error(sent.error);
    expect(await coachThere.next<ChatMessage>('message:new', (m) => m.id === sent.message.id)).toEqual(
      sent.message,
    );
    memberTab.close();
    memberHere.close();
    expect(await coachThere.next<PresenceEvent>('presence', (e) => isMember(e) && !e.online)).toEqual({
      userId: pair.member.user.id,
      online: false,
    });
  });
});
