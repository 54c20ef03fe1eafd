import { describe, expect, it } from '@jest/globals';
import type { ChatMessage, ChatSendAck, PresenceEvent, PresenceSnapshot } from '@fitcoach/contracts';
import { createSession } from '../../fixtures/users.js';
import { useTwoInstances } from './two-instances.js';

/*
 * Two instances of the app on two ports, one MariaDB database and one Redis, as behind a load balancer
 * (docs/architecture.md §12): a socket on one instance and a socket on the other behave as on one server.
 * Collected only when DATABASE_URL and REDIS_URL are set (jest.config.js), as `.ci/run`'s second pass does.
 */

const pair = useTwoInstances('scale');

describe('two instances behind one address', () => {
  it('delivers a message sent through one instance to the sockets on the other', async () => {
    const coachThere = await pair.on(pair.secondUrl, pair.coach);
    const memberHere = await pair.on(pair.firstUrl, pair.member);
    const memberThere = await pair.on(pair.secondUrl, pair.member);
    const ack = await memberHere.emit<ChatSendAck>('message:send', {
      to: pair.coach.user.id,
      text: 'across',
    });
    if (!ack.ok) throw new Error(ack.error);
    const byId = (m: ChatMessage) => m.id === ack.message.id;
    expect(await coachThere.next<ChatMessage>('message:new', byId)).toEqual(ack.message);
    expect(await memberThere.next<ChatMessage>('message:new', byId)).toEqual(ack.message);
    for (const client of [coachThere, memberHere, memberThere]) client.close();
  });

  it('shares presence: online on one instance is online on the other, offline when the last socket closes', async () => {
    const coachHere = await pair.on(pair.firstUrl, pair.coach);
    const memberThere = await pair.on(pair.secondUrl, pair.member);
    expect(
      await coachHere.next<PresenceEvent>('presence', (e) => e.userId === pair.member.user.id && e.online),
    ).toEqual({
      userId: pair.member.user.id,
      online: true,
    });
    const online = await pair.first
      .http()
      .get('/api/chat/getOnlineUserIDs/')
      .set('Authorization', pair.coach.bearer)
      .expect(200);
    expect(online.body.online_user_ids).toEqual([pair.member.user.id]);
    const snapshotThere = await pair.on(pair.secondUrl, pair.coach);
    expect((await snapshotThere.next<PresenceSnapshot>('presence:snapshot')).online).toEqual([
      pair.member.user.id,
    ]);
    memberThere.close();
    expect(
      await coachHere.next<PresenceEvent>('presence', (e) => e.userId === pair.member.user.id && !e.online),
    ).toEqual({ userId: pair.member.user.id, online: false });
  });

  it('blocking through one instance closes the user’s sockets on both', async () => {
    const victim = await createSession(pair.first);
    const superuser = await createSession(pair.first, { superuser: true });
    const here = await pair.on(pair.firstUrl, victim);
    const there = await pair.on(pair.secondUrl, victim);
    await pair.second
      .http()
      .get(`/api/users/changeUserAccess/${victim.user.id}/`)
      .set('Authorization', superuser.bearer)
      .expect(200);
    expect(await here.disconnected()).toBe('io server disconnect');
    expect(await there.disconnected()).toBe('io server disconnect');
  });
});
