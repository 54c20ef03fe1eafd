// Over 300 lines on purpose: one file per resource holds every endpoint of it with its refusals, because each
// API e2e file boots an application of its own (seconds a file); describe blocks, not files, divide it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import {
  BODY_MAX_KEYS,
  CHAT_FORWARD_MAX_RECIPIENTS,
  CHAT_IMAGE_BUDGET,
  CHAT_MESSAGES,
  CHAT_SEND_BUDGET,
  CHAT_SOCKETS_PER_ACCOUNT,
  CHAT_TEXT_MAX_LENGTH,
  CHAT_TYPING_BUDGET,
  type ChatForwardAck,
  type ChatMessage,
  type ChatSendAck,
  conversationRoom,
  type PresenceEvent,
  type PresenceSnapshot,
  type UnreadCounts,
} from '@fitcoach/contracts';
import sharp from 'sharp';
import { DataSource, type Repository } from 'typeorm';
import { IMAGE_DECODES_AT_ONCE, IMAGE_DECODES_WAITING } from '../../api/src/common/media/media.constants.js';
import { MediaService } from '../../api/src/common/media/media.service.js';
import { SOCKET_MAX_BYTES } from '../../api/src/common/realtime/socket-io.adapter.js';
import { ChatMessageEntity } from '../../api/src/modules/chat/chat-message.entity.js';
import { PaymentsRepository } from '../../api/src/modules/payments/payments.repository.js';
import type { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import type { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { plainImage } from '../fixtures/images.js';
import { REFUSED, refusal } from '../fixtures/refusals.js';
import { type ChatClient, connect, listen, refusedHandshake } from '../fixtures/sockets.js';
import { buyProgram } from '../fixtures/payments.js';
import { subscribe } from '../fixtures/subscriptions.js';
import { createSession, type Session, TEST_PASSWORD } from '../fixtures/users.js';

const INVALID_TOKEN = REFUSED.invalidToken.message;
const BLOCKED = REFUSED.blocked.message;

let t: TestApp;
let url: string;
let messages: Repository<ChatMessageEntity>;
let coach: { trainer: TrainerEntity; session: Session };
let program: ProgramEntity;
let member: Session;
let secondMember: Session;
let stranger: Session;
let superuser: Session;
const open: ChatClient[] = [];

/** A connected client, closed after the test. */
async function client(session: Session): Promise<ChatClient> {
  const connected = await connect(url, { token: session.access });
  open.push(connected);
  return connected;
}

function send(from: ChatClient, payload: unknown): Promise<ChatSendAck> {
  return from.emit<ChatSendAck>('message:send', payload);
}

async function sent(from: ChatClient, payload: unknown): Promise<ChatMessage> {
  const ack = await send(from, payload);
  if (!ack.ok) throw new Error(`send refused: ${ack.error}`);
  return ack.message;
}

/** A trainer of their own, with `count` members following one of their programmes. */
async function contactsOfTheirOwn(count = 1) {
  const owner = await createTrainer(t);
  const programme = await createProgram(t, owner.trainer, { isPublished: true });
  const followers: Session[] = [];
  const payments: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const follower = await createSession(t);
    payments.push((await subscribe(t, follower.user.id, programme)).payment.id);
    followers.push(follower);
  }
  return { trainer: owner.session, programme, members: followers, payments };
}

/** Messages stored between the two users. */
function storedBetween(a: Session, b: Session): Promise<number> {
  const [low, high] = [a.user.id, b.user.id].sort((x, y) => x - y);
  return messages.countBy({ lowId: low, highId: high });
}

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  messages = t.app.get(DataSource).getRepository(ChatMessageEntity);
  coach = await createTrainer(t, { account: { firstName: 'Carla', lastName: 'Coach' } });
  program = await createProgram(t, coach.trainer, { isPublished: true });
  member = await createSession(t, { firstName: 'Mia', lastName: 'Member' });
  secondMember = await createSession(t, { firstName: 'Sam', lastName: 'Second' });
  stranger = await createSession(t, { firstName: 'Stan', lastName: 'Stranger' });
  superuser = await createSession(t, { superuser: true });
  await subscribe(t, member.user.id, program);
  await subscribe(t, secondMember.user.id, program);
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

afterAll(async () => {
  await t.close();
});

describe('the handshake', () => {
  it('refuses a connection without a token', async () => {
    expect(await refusedHandshake(url, {})).toBe(CHAT_MESSAGES.unauthenticated);
  });

  it('refuses a forged token and a refresh token passed as an access token', async () => {
    expect(await refusedHandshake(url, { token: `${member.access}x` })).toBe(INVALID_TOKEN);
    expect(await refusedHandshake(url, { token: member.refresh })).toBe(INVALID_TOKEN);
  });

  it('refuses a blocked user', async () => {
    const blocked = await createSession(t);
    await t
      .http()
      .get(`/api/users/changeUserAccess/${blocked.user.id}/`)
      .set('Authorization', superuser.bearer)
      .expect(200);
    expect(await refusedHandshake(url, { token: blocked.access })).toBe(BLOCKED);
  });

  it('takes the session cookie from the site itself, and refuses it from another site', async () => {
    const cookie = `accessToken=${member.access}`;
    const own = await connect(url, { headers: { Cookie: cookie, Origin: url } });
    open.push(own);
    expect(own.socket.connected).toBe(true);
    expect(await refusedHandshake(url, { headers: { Cookie: cookie, Origin: 'https://evil.example' } })).toBe(
      CHAT_MESSAGES.crossSite,
    );
  });

  it('sends the online contacts and the unread counts on connect', async () => {
    const trainer = await client(coach.session);
    const mia = await client(member);
    const snapshot = await mia.next<PresenceSnapshot>('presence:snapshot');
    expect(snapshot.online).toEqual([coach.session.user.id]);
    expect(await mia.next<UnreadCounts>('unread')).toEqual(
      expect.objectContaining({ total: expect.any(Number) }),
    );
    expect(trainer.socket.connected).toBe(true);
  });
});

describe('sending', () => {
  it('stores a text message and delivers it to every tab of both users', async () => {
    const trainer = await client(coach.session);
    const miaTab1 = await client(member);
    const miaTab2 = await client(member);
    const message = await sent(miaTab1, { to: coach.session.user.id, text: 'Hello coach' });
    expect(message).toEqual({
      id: expect.any(Number),
      sender: member.user.id,
      sender_name: 'Mia Member',
      recipient: coach.session.user.id,
      type: 'text',
      message: 'Hello coach',
      image: null,
      timestamp: expect.any(String),
      deleted: false,
      forwarded: false,
    });
    const byId = (m: ChatMessage) => m.id === message.id;
    expect(await trainer.next<ChatMessage>('message:new', byId)).toEqual(message);
    expect(await miaTab2.next<ChatMessage>('message:new', byId)).toEqual(message);
    expect(await miaTab1.next<ChatMessage>('message:new', byId)).toEqual(message);
    const history = await t
      .http()
      .get(`/api/chat/getMessages/${conversationRoom(member.user.id, coach.session.user.id)}/`)
      .set('Authorization', coach.session.bearer)
      .expect(200);
    expect(history.body.at(-1)).toEqual(message);
  });

  it('counts the message as unread for the recipient until they read the conversation', async () => {
    const trainer = await client(coach.session);
    const sam = await client(secondMember);
    await trainer.next<UnreadCounts>('unread');
    await sent(sam, { to: coach.session.user.id, text: 'One' });
    await sent(sam, { to: coach.session.user.id, text: 'Two' });
    const counts = await trainer.next<UnreadCounts>(
      'unread',
      (u) => u.counts[String(secondMember.user.id)] === 2,
    );
    expect(counts.total).toBeGreaterThanOrEqual(2);
    const otherTab = await client(coach.session);
    expect(await trainer.emit('conversation:read', { with: secondMember.user.id })).toEqual({ ok: true });
    const cleared = await otherTab.next<UnreadCounts>(
      'unread',
      (u) => !(String(secondMember.user.id) in u.counts),
    );
    expect(cleared.counts[String(secondMember.user.id)]).toBeUndefined();
  });

  it.each([
    ['no recipient', { text: 'hi' }, CHAT_MESSAGES.badRecipient],
    ['a recipient that is not a number', { to: 'coach', text: 'hi' }, CHAT_MESSAGES.badRecipient],
    ['an empty text', { to: 'COACH', text: '   ' }, CHAT_MESSAGES.badText],
    ['a text that is not a string', { to: 'COACH', text: 42 }, CHAT_MESSAGES.badText],
    [
      'a text over the limit',
      { to: 'COACH', text: 'x'.repeat(CHAT_TEXT_MAX_LENGTH + 1) },
      CHAT_MESSAGES.badText,
    ],
    [
      'a text and an image at once',
      { to: 'COACH', text: 'hi', image: 'data:image/png;base64,AAAA' },
      CHAT_MESSAGES.textAndImage,
    ],
    [
      'an image that is not a data URL',
      { to: 'COACH', image: 'https://example.com/a.png' },
      CHAT_MESSAGES.badImage,
    ],
    ['a payload that is not an object', 'hello', CHAT_MESSAGES.malformed],
  ])('refuses %s and stores nothing', async (_case, payload, error) => {
    const mia = await client(member);
    const before = await storedBetween(member, coach.session);
    const body =
      typeof payload === 'object' && 'to' in payload && payload.to === 'COACH'
        ? { ...payload, to: coach.session.user.id }
        : payload;
    expect(await send(mia, body)).toEqual({ ok: false, error });
    expect(await storedBetween(member, coach.session)).toBe(before);
  });

  it('accepts a text of exactly the limit', async () => {
    const mia = await client(member);
    const message = await sent(mia, { to: coach.session.user.id, text: 'y'.repeat(CHAT_TEXT_MAX_LENGTH) });
    expect(message.message).toHaveLength(CHAT_TEXT_MAX_LENGTH);
  });

  it('refuses a message to oneself and to someone who is not a contact, and stores nothing', async () => {
    const mia = await client(member);
    const stan = await client(stranger);
    expect(await send(mia, { to: member.user.id, text: 'me' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.toSelf,
    });
    expect(await send(stan, { to: coach.session.user.id, text: 'let me in' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.notContact,
    });
    // Two members of the same programme are not each other's contacts.
    expect(await send(mia, { to: secondMember.user.id, text: 'hi Sam' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.notContact,
    });
    expect(await storedBetween(stranger, coach.session)).toBe(0);
    expect(await storedBetween(member, secondMember)).toBe(0);
    expect(await storedBetween(member, member)).toBe(0);
  });

  it('stores an image re-encoded as WebP, and refuses bytes that are not an image', async () => {
    const mia = await client(member);
    const png = await plainImage(40, 30, 'png');
    const message = await sent(mia, {
      to: coach.session.user.id,
      image: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(message).toEqual(expect.objectContaining({ type: 'image', message: null }));
    expect(message.image).toMatch(/^\/media\/chat\/[0-9a-f]{32}\.webp$/);
    const binary = await sent(mia, { to: coach.session.user.id, image: png });
    expect(binary.image).toMatch(/\.webp$/);
    const before = await storedBetween(member, coach.session);
    const fake = Buffer.from('<?php echo "not an image"; ?>').toString('base64');
    expect(await send(mia, { to: coach.session.user.id, image: `data:image/png;base64,${fake}` })).toEqual({
      ok: false,
      error: 'image must be a JPEG, PNG, WebP, GIF or AVIF image',
    });
    expect(await storedBetween(member, coach.session)).toBe(before);
  });

  it('answers an unknown event with an error and keeps the connection', async () => {
    const mia = await client(member);
    expect(await mia.emit('room:join', { room: 'chat_1_2' })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.unknownEvent,
    });
    expect(mia.socket.connected).toBe(true);
    expect(await sent(mia, { to: coach.session.user.id, text: 'still here' })).toEqual(
      expect.objectContaining({ message: 'still here' }),
    );
  });
});

describe('forwarding and deleting', () => {
  it('forwards a message to each contact named and refuses the others', async () => {
    const trainer = await client(coach.session);
    const sam = await client(secondMember);
    const original = await sent(trainer, { to: member.user.id, text: 'Stretch daily' });
    const ack = await trainer.emit<ChatForwardAck>('message:forward', {
      messageId: original.id,
      to: [secondMember.user.id, stranger.user.id, 'nobody'],
    });
    if (!ack.ok) throw new Error(ack.error);
    expect(ack.messages).toEqual([
      expect.objectContaining({ recipient: secondMember.user.id, message: 'Stretch daily', forwarded: true }),
    ]);
    expect(ack.refused).toEqual([
      { to: stranger.user.id, error: CHAT_MESSAGES.notContact },
      { to: 'nobody', error: CHAT_MESSAGES.badRecipient },
    ]);
    expect(await sam.next<ChatMessage>('message:new', (m) => m.id === ack.messages[0].id)).toEqual(
      ack.messages[0],
    );
    expect(await storedBetween(coach.session, stranger)).toBe(0);
  });

  it('does not forward a message the user is not part of', async () => {
    const trainer = await client(coach.session);
    const original = await sent(trainer, { to: member.user.id, text: 'private' });
    const sam = await client(secondMember);
    expect(
      await sam.emit('message:forward', { messageId: original.id, to: [coach.session.user.id] }),
    ).toEqual({ ok: false, error: CHAT_MESSAGES.messageNotFound });
  });

  it('lets only the sender delete; both sides see the message deleted, its content gone', async () => {
    const trainer = await client(coach.session);
    const mia = await client(member);
    const message = await sent(mia, { to: coach.session.user.id, text: 'oops' });
    expect(await trainer.emit('message:delete', { messageId: message.id })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.notYourMessage,
    });
    const stan = await client(stranger);
    expect(await stan.emit('message:delete', { messageId: message.id })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.messageNotFound,
    });
    expect(await mia.emit('message:delete', { messageId: message.id })).toEqual({ ok: true });
    const seen = await trainer.next<ChatMessage>('message:deleted', (m) => m.id === message.id);
    expect(seen).toEqual({ ...message, message: null, deleted: true });
    const row = await messages.findOneByOrFail({ id: message.id });
    expect(row.text).toBeNull();
    expect(row.deletedAt).not.toBeNull();
    expect(await mia.emit('message:forward', { messageId: message.id, to: [coach.session.user.id] })).toEqual(
      { ok: false, error: CHAT_MESSAGES.deletedMessage },
    );
  });
});

describe('malformed events', () => {
  it.each([
    ['message:forward', { messageId: 'first', to: [1] }, CHAT_MESSAGES.badMessageId],
    ['message:forward', { messageId: 1, to: 'everyone' }, CHAT_MESSAGES.badForwardList],
    ['message:forward', { messageId: 1, to: [] }, CHAT_MESSAGES.badForwardList],
    [
      'message:forward',
      { messageId: 1, to: Array(CHAT_FORWARD_MAX_RECIPIENTS + 1).fill(1) },
      CHAT_MESSAGES.badForwardList,
    ],
    ['message:forward', { to: [1] }, CHAT_MESSAGES.badMessageId],
    ['message:delete', { messageId: 1.5 }, CHAT_MESSAGES.badMessageId],
    ['message:delete', { messageId: '007' }, CHAT_MESSAGES.badMessageId],
    ['message:delete', { messageId: 2 ** 53 }, CHAT_MESSAGES.badMessageId],
    ['message:delete', { messageId: [1] }, CHAT_MESSAGES.badMessageId],
    ['message:delete', { messageId: '999999999' }, CHAT_MESSAGES.messageNotFound],
    ['message:send', { to: { id: 1 }, text: 'hi' }, CHAT_MESSAGES.badRecipient],
    ['message:send', { to: 1, text: null }, CHAT_MESSAGES.badText],
    ['message:send', { to: 1, image: 42 }, CHAT_MESSAGES.badImage],
    ['message:send', { to: 1, image: { data: 'data:image/png;base64,AAAA' } }, CHAT_MESSAGES.badImage],
    ['conversation:read', {}, CHAT_MESSAGES.badRecipient],
    ['conversation:typing', 'x', CHAT_MESSAGES.malformed],
    ['message:delete', { messageId: -3 }, CHAT_MESSAGES.badMessageId],
    ['message:delete', null, CHAT_MESSAGES.malformed],
    ['conversation:read', { with: 'x' }, CHAT_MESSAGES.badRecipient],
    ['conversation:typing', [1, 2], CHAT_MESSAGES.malformed],
  ])('%s with %j is refused', async (event, payload, error) => {
    const mia = await client(member);
    expect(await mia.emit(event, payload)).toEqual({ ok: false, error });
  });

  it('ignores fields it does not know, and refuses an object of more than BODY_MAX_KEYS keys in one it knows', async () => {
    const mia = await client(member);
    const crowded = Object.fromEntries(Array.from({ length: BODY_MAX_KEYS + 1 }, (_, i) => [`k${i}`, i]));
    expect(await mia.emit('message:delete', { messageId: '999999999', extra: crowded })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.messageNotFound,
    });
    expect(await mia.emit('message:send', { to: coach.session.user.id, text: { crowded } })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.malformed,
    });
  });

  it('counts a text in characters, not UTF-16 units', async () => {
    const mia = await client(member);
    const text = `${'x'.repeat(CHAT_TEXT_MAX_LENGTH - 1)}😀`;
    expect(await sent(mia, { to: coach.session.user.id, text })).toEqual(
      expect.objectContaining({ message: text }),
    );
    expect(await mia.emit('message:send', { to: coach.session.user.id, text: `${text}😀` })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.badText,
    });
  });

  it('closes a socket that sends more than the largest image allows, and keeps serving the others', async () => {
    const mia = await client(member);
    const trainer = await client(coach.session);
    mia.socket.emit('message:send', { to: coach.session.user.id, text: 'x'.repeat(SOCKET_MAX_BYTES + 1) });
    expect(await mia.disconnected()).toBe('transport close');
    expect(await sent(trainer, { to: member.user.id, text: 'still serving' })).toEqual(
      expect.objectContaining({ message: 'still serving' }),
    );
  });
});

describe('presence', () => {
  it('tells contacts when a user comes online and, after the last tab closes, goes offline', async () => {
    const trainer = await client(coach.session);
    const isMember = (online: boolean) => (e: PresenceEvent) =>
      e.userId === member.user.id && e.online === online;
    const onlineIds = async () =>
      (
        await t
          .http()
          .get('/api/chat/getOnlineUserIDs/')
          .set('Authorization', coach.session.bearer)
          .expect(200)
      ).body.online_user_ids;
    const tab1 = await client(member);
    expect(await trainer.next<PresenceEvent>('presence', isMember(true))).toEqual({
      userId: member.user.id,
      online: true,
    });
    const tab2 = await client(member);
    expect(await onlineIds()).toContain(member.user.id);
    tab1.close();
    await tab1.disconnected();
    expect(tab2.socket.connected).toBe(true);
    expect(await onlineIds()).toContain(member.user.id);
    tab2.close();
    expect(await trainer.next<PresenceEvent>('presence', isMember(false))).toEqual({
      userId: member.user.id,
      online: false,
    });
    expect(await onlineIds()).not.toContain(member.user.id);
    // One offline event, for the last tab only.
    expect(trainer.has<PresenceEvent>('presence', isMember(false))).toBe(false);
  });

  it("feeds the admin's lists of online members and online trainers", async () => {
    await client(member);
    await client(coach.session);
    const users = await t
      .http()
      .get('/api/users/getLoggedInUsers/')
      .set('Authorization', superuser.bearer)
      .expect(200);
    const trainers = await t
      .http()
      .get('/api/trainers/getLoggedInTrainers/')
      .set('Authorization', superuser.bearer)
      .expect(200);
    const ids = (list: { id: number }[]) => list.map((brief) => brief.id);
    expect(ids(users.body)).toContain(member.user.id);
    expect(ids(users.body)).not.toContain(coach.session.user.id);
    expect(ids(trainers.body)).toEqual([coach.session.user.id]);
    expect(users.body.find((brief: { id: number }) => brief.id === member.user.id)).toEqual(
      expect.objectContaining({ email: member.user.email }),
    );
    await t.http().get('/api/users/getLoggedInUsers/').set('Authorization', member.bearer).expect(403);
  });

  it('lists only online contacts in getOnlineUserIDs', async () => {
    await client(stranger);
    const ids = await t
      .http()
      .get('/api/chat/getOnlineUserIDs/')
      .set('Authorization', member.bearer)
      .expect(200);
    expect(ids.body.online_user_ids).not.toContain(stranger.user.id);
  });
});

describe('sessions that end', () => {
  it('closes every socket of a user when a superuser blocks them', async () => {
    const victim = await createSession(t);
    const tab1 = await client(victim);
    const tab2 = await client(victim);
    await t
      .http()
      .get(`/api/users/changeUserAccess/${victim.user.id}/`)
      .set('Authorization', superuser.bearer)
      .expect(200);
    expect(await tab1.disconnected()).toBe('io server disconnect');
    expect(await tab2.disconnected()).toBe('io server disconnect');
  });

  it("closes the session's sockets at logout, and only that session's", async () => {
    const leavingSession = await createSession(t);
    const other = await t
      .http()
      .post('/api/token/')
      .send({ email: leavingSession.user.email, password: TEST_PASSWORD })
      .expect(200);
    const leaving = await client(leavingSession);
    const staying = await connect(url, { token: other.body.access });
    open.push(staying);
    await t
      .http()
      .post('/api/users/logout/')
      .set('Authorization', leavingSession.bearer)
      .send({})
      .expect(200);
    expect(await leaving.disconnected()).toBe('io server disconnect');
    expect(staying.socket.connected).toBe(true);
  });

  it('ends a socket when its access token expires', async () => {
    const session = await createSession(t);
    const claims = JSON.parse(Buffer.from(session.access.split('.')[1], 'base64url').toString()) as {
      sub: string;
      sid: string;
    };
    // A JWT's times are whole seconds: `expiresIn: 1` may be over a millisecond after it is signed, before the
    // socket connects. Three seconds leave it two or more to connect, then it ends.
    const shortLived = await t.app
      .get(JwtService, { strict: false })
      .signAsync({ sub: claims.sub, sid: claims.sid, typ: 'access' }, { expiresIn: 3 });
    const socket = await connect(url, { token: shortLived });
    open.push(socket);
    expect(await socket.disconnected()).toBe('io server disconnect');
  });
});

describe('GET /api/chat/getMessages/{room}/', () => {
  it('pages the history backwards with ?before=', async () => {
    const trainer = await client(coach.session);
    const sam = await client(secondMember);
    const ids: number[] = [];
    for (const text of ['p1', 'p2', 'p3'])
      ids.push((await sent(sam, { to: coach.session.user.id, text })).id);
    const page = await t
      .http()
      .get(`/api/chat/getMessages/${coach.session.user.id}/?before=${ids[2]}`)
      .set('Authorization', secondMember.bearer)
      .expect(200);
    const pageIds = page.body.map((m: ChatMessage) => m.id);
    expect(pageIds.slice(-2)).toEqual([ids[0], ids[1]]);
    expect(pageIds).not.toContain(ids[2]);
    expect(trainer.socket.connected).toBe(true);
  });

  it('refuses a room the caller is not in, a non-contact, a bad cursor and an anonymous caller', async () => {
    const room = conversationRoom(member.user.id, coach.session.user.id);
    await t
      .http()
      .get(`/api/chat/getMessages/${room}/`)
      .set('Authorization', secondMember.bearer)
      .expect(404, refusal(404, 'Conversation not found'));
    await t
      .http()
      .get(`/api/chat/getMessages/${coach.session.user.id}/`)
      .set('Authorization', stranger.bearer)
      .expect(403, refusal(403, CHAT_MESSAGES.notContact));
    await t
      .http()
      .get(`/api/chat/getMessages/${coach.session.user.id}/?before=abc`)
      .set('Authorization', member.bearer)
      .expect(400, refusal(400, '"before" must be a message id'));
    await t.http().get(`/api/chat/getMessages/${room}/`).expect(401, REFUSED.notAuthenticated);
  });
});

describe('rooms, images and previews', () => {
  const history = (session: Session, room: string | number) =>
    t.http().get(`/api/chat/getMessages/${room}/`).set('Authorization', session.bearer);

  it('opens the room by its name from either side, and refuses it reversed or naming oneself', async () => {
    const mia = await client(member);
    const message = await sent(mia, { to: coach.session.user.id, text: 'either side' });
    const [low, high] = [member.user.id, coach.session.user.id].sort((a, b) => a - b);
    for (const side of [member, coach.session]) {
      const page = await history(side, `chat_${low}_${high}`).expect(200);
      expect(page.body.map((m: ChatMessage) => m.id)).toContain(message.id);
      await history(side, `chat_${high}_${low}`).expect(404, refusal(404, 'Conversation not found'));
      await history(side, side.user.id).expect(404, refusal(404, 'Conversation not found'));
      await history(side, `chat_${side.user.id}_${side.user.id}`).expect(
        404,
        refusal(404, 'Conversation not found'),
      );
    }
  });

  it('sends an image with an empty text, never marked forwarded', async () => {
    const mia = await client(member);
    const png = await plainImage(20, 20, 'png');
    const message = await sent(mia, { to: coach.session.user.id, text: null, image: png });
    expect(message).toEqual(expect.objectContaining({ type: 'image', forwarded: false }));
    const textOnly = await sent(mia, { to: coach.session.user.id, text: 'words', image: null });
    expect(textOnly).toEqual(expect.objectContaining({ type: 'text', forwarded: false }));
  });

  it("deletes an image's file with the last message that shows it, not before", async () => {
    const mia = await client(member);
    const trainer = await client(coach.session);
    const original = await sent(trainer, { to: member.user.id, image: await plainImage(24, 24, 'png') });
    const forwarded = await trainer.emit<{ ok: boolean }>('message:forward', {
      messageId: original.id,
      to: [secondMember.user.id],
    });
    expect(forwarded.ok).toBe(true);
    expect(await trainer.emit('message:delete', { messageId: original.id })).toEqual({ ok: true });
    await t
      .http()
      .get(original.image as string)
      .expect(200);
    const copy = (await history(secondMember, coach.session.user.id).expect(200)).body.find(
      (m: ChatMessage) => m.image === original.image,
    ) as ChatMessage;
    expect(await trainer.emit('message:delete', { messageId: copy.id })).toEqual({ ok: true });
    await t
      .http()
      .get(original.image as string)
      .expect(404);
    expect(mia.socket.connected).toBe(true);
  });

  it('asks to send an image again later while every decode place is taken, and stores nothing', async () => {
    const {
      trainer,
      members: [member],
    } = await contactsOfTheirOwn();
    const tab = await client(member);
    const decodes = t.app.get(MediaService).decodes;
    let release!: () => void;
    const busy = new Promise<void>((resolve) => (release = resolve));
    const taken = Array.from({ length: IMAGE_DECODES_AT_ONCE + IMAGE_DECODES_WAITING }, () =>
      decodes.run(() => busy),
    );
    try {
      expect(await send(tab, { to: trainer.user.id, image: await plainImage(20, 20, 'png') })).toEqual({
        ok: false,
        error: 'Temporarily unavailable',
      });
    } finally {
      release();
      await Promise.all(taken);
    }
    expect(await storedBetween(member, trainer)).toBe(0);
  });

  it('lowers the unread count when an unread message is deleted', async () => {
    const mia = await client(member);
    const trainer = await client(coach.session);
    const unreadFromMia = (counts: UnreadCounts) => counts.counts[member.user.id] ?? 0;
    const base = unreadFromMia(await trainer.next<UnreadCounts>('unread'));
    const message = await sent(mia, { to: coach.session.user.id, text: 'unsent, as it were' });
    await trainer.next<UnreadCounts>('unread', (u) => unreadFromMia(u) === base + 1);
    expect(await mia.emit('message:delete', { messageId: message.id })).toEqual({ ok: true });
    const after = await trainer.next<UnreadCounts>('unread', (u) => unreadFromMia(u) === base);
    expect(unreadFromMia(after)).toBe(base);
  });

  it("stores the start of a long message as the offline recipient's notification", async () => {
    const away = await createSession(t);
    const owner = await createTrainer(t);
    await subscribe(t, away.user.id, await createProgram(t, owner.trainer, { isPublished: true }));
    const trainer = await client(owner.session);
    const long = 'x'.repeat(CHAT_TEXT_MAX_LENGTH);
    await sent(trainer, { to: away.user.id, text: long });
    const stored = await t
      .http()
      .get('/api/chat/getNotifications')
      .set('Authorization', away.bearer)
      .expect(200);
    expect(stored.body).toEqual([expect.objectContaining({ message: long.slice(0, 200) })]);
  });
});

describe('POST /api/chat/sendMessage/', () => {
  it('sends a text for clients without a socket, and the socket clients see it', async () => {
    const trainer = await client(coach.session);
    const res = await t
      .http()
      .post('/api/chat/sendMessage/')
      .set('Authorization', member.bearer)
      .send({ to: coach.session.user.id, text: 'from a form' })
      .expect(201);
    expect(res.body).toEqual(expect.objectContaining({ sender: member.user.id, message: 'from a form' }));
    expect(await trainer.next<ChatMessage>('message:new', (m) => m.id === res.body.id)).toEqual(res.body);
  });

  it('refuses a non-contact with 403 and bad input with 400, storing nothing', async () => {
    await t
      .http()
      .post('/api/chat/sendMessage/')
      .set('Authorization', stranger.bearer)
      .send({ to: coach.session.user.id, text: 'hi' })
      .expect(403, refusal(403, CHAT_MESSAGES.notContact));
    await t
      .http()
      .post('/api/chat/sendMessage/')
      .set('Authorization', member.bearer)
      .send({ to: coach.session.user.id, text: '' })
      .expect(400, refusal(400, CHAT_MESSAGES.badText));
    expect(await storedBetween(stranger, coach.session)).toBe(0);
  });
});

describe('GET /api/chat/getNotifications', () => {
  it('returns the unread notifications once, then marks them read', async () => {
    const listener = await createSession(t, { firstName: 'Nora', lastName: 'Notified' });
    const ownTrainer = await createTrainer(t, { account: { firstName: 'Tim', lastName: 'Teacher' } });
    await subscribe(t, listener.user.id, await createProgram(t, ownTrainer.trainer, { isPublished: true }));
    const trainer = await client(ownTrainer.session);
    await sent(trainer, { to: listener.user.id, text: 'Welcome aboard' });
    const first = await t
      .http()
      .get('/api/chat/getNotifications')
      .set('Authorization', listener.bearer)
      .expect(200);
    expect(first.body).toEqual([
      {
        id: expect.any(Number),
        sender: 'Tim Teacher',
        sender_id: ownTrainer.session.user.id,
        message: 'Welcome aboard',
        category: 'message',
        timestamp: expect.any(String),
      },
    ]);
    const second = await t
      .http()
      .get('/api/chat/getNotifications')
      .set('Authorization', listener.bearer)
      .expect(200);
    expect(second.body).toEqual([]);
  });

  it('tells an online recipient live, on every tab, and stores nothing for later', async () => {
    const owner = await createTrainer(t, { account: { firstName: 'Lena', lastName: 'Live' } });
    const online = await createSession(t);
    await subscribe(t, online.user.id, await createProgram(t, owner.trainer, { isPublished: true }));
    const elsewhere = await client(online);
    const trainer = await client(owner.session);
    await sent(trainer, { to: online.user.id, text: 'Are you there?' });
    expect(await elsewhere.next('notification')).toEqual({
      id: null,
      category: 'message',
      sender_id: owner.session.user.id,
      sender: 'Lena Live',
      message: 'Are you there?',
      payload: { message_id: expect.any(Number) },
    });
    const stored = await t
      .http()
      .get('/api/chat/getNotifications')
      .set('Authorization', online.bearer)
      .expect(200);
    expect(stored.body).toEqual([]);
  });

  it('does not take the session cookie (it changes state on GET)', async () => {
    await t
      .http()
      .get('/api/chat/getNotifications')
      .set('Cookie', `accessToken=${member.access}`)
      .expect(403, REFUSED.stateChangingGet);
  });
});

describe('GET /api/chat/getContacts/', () => {
  it('lists the contacts with presence, unread count and the latest message, latest conversation first', async () => {
    const owner = await createTrainer(t, { account: { firstName: 'Olive', lastName: 'Owner' } });
    const program = await createProgram(t, owner.trainer, { isPublished: true });
    const quiet = await createSession(t, { firstName: 'Quinn', lastName: 'Quiet' });
    const talker = await createSession(t, { firstName: 'Tara', lastName: 'Talker' });
    await subscribe(t, quiet.user.id, program);
    await subscribe(t, talker.user.id, program);
    const tara = await client(talker);
    const last = await sent(tara, { to: owner.session.user.id, text: 'Am I doing it right?' });
    const res = await t
      .http()
      .get('/api/chat/getContacts/')
      .set('Authorization', owner.session.bearer)
      .expect(200);
    expect(res.body).toEqual([
      {
        id: talker.user.id,
        name: 'Tara Talker',
        profile_picture: null,
        is_trainer: false,
        online: true,
        unread: 1,
        last_message: last,
      },
      {
        id: quiet.user.id,
        name: 'Quinn Quiet',
        profile_picture: null,
        is_trainer: false,
        online: false,
        unread: 0,
        last_message: null,
      },
    ]);
    const theirs = await t
      .http()
      .get('/api/chat/getContacts/')
      .set('Authorization', talker.bearer)
      .expect(200);
    expect(theirs.body).toEqual([
      expect.objectContaining({ id: owner.session.user.id, is_trainer: true, unread: 0, last_message: last }),
    ]);
    await t.http().get('/api/chat/getContacts/').expect(401, REFUSED.notAuthenticated);
  });
});

describe('POST /api/chat/readConversation/', () => {
  it("marks what the other user sent as read and clears that sender's message notifications", async () => {
    const owner = await createTrainer(t, { account: { firstName: 'Rita', lastName: 'Reader' } });
    const reader = await createSession(t);
    await subscribe(t, reader.user.id, await createProgram(t, owner.trainer, { isPublished: true }));
    const trainer = await client(owner.session);
    await sent(trainer, { to: reader.user.id, text: 'read me' });
    await t
      .http()
      .post('/api/chat/readConversation/')
      .set('Authorization', reader.bearer)
      .send({ with: owner.session.user.id })
      .expect(200, { message: 'Conversation read' });
    const contacts = await t
      .http()
      .get('/api/chat/getContacts/')
      .set('Authorization', reader.bearer)
      .expect(200);
    expect(contacts.body[0].unread).toBe(0);
    const notifications = await t
      .http()
      .get('/api/chat/getNotifications')
      .set('Authorization', reader.bearer)
      .expect(200);
    expect(notifications.body).toEqual([]);
    await t
      .http()
      .post('/api/chat/readConversation/')
      .set('Authorization', reader.bearer)
      .send({ with: 'everyone' })
      .expect(400, refusal(400, CHAT_MESSAGES.badRecipient));
  });
});

describe('typing', () => {
  it('tells only the contact typed to', async () => {
    const trainer = await client(coach.session);
    const mia = await client(member);
    expect(await mia.emit('conversation:typing', { with: coach.session.user.id })).toEqual({ ok: true });
    expect(await trainer.next<{ userId: number }>('typing')).toEqual({ userId: member.user.id });
    const stan = await client(stranger);
    expect(await stan.emit('conversation:typing', { with: coach.session.user.id })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.notContact,
    });
  });
});

describe("the trainers' news", () => {
  it('tells an online trainer at once of a new subscriber', async () => {
    const owner = await createTrainer(t, { account: { firstName: 'Nina', lastName: 'News' } });
    const program = await createProgram(t, owner.trainer, { isPublished: true, name: 'Morning Flow' });
    const buyer = await createSession(t, { firstName: 'Bea', lastName: 'Buyer' });
    const trainer = await client(owner.session);
    await buyProgram(t.http(), buyer.bearer, program.id);
    expect(
      await trainer.next('notification', (n: { category: string }) => n.category === 'subscriber'),
    ).toEqual({
      id: null,
      category: 'subscriber',
      sender_id: buyer.user.id,
      sender: 'Bea Buyer',
      message: 'Bea Buyer subscribed to Morning Flow',
      payload: { program_id: program.id, user_id: buyer.user.id },
    });
  });

  it('keeps the news of a publication and a block for a trainer who is away', async () => {
    const owner = await createTrainer(t, { account: { firstName: 'Paul', lastName: 'Publisher' } });
    const program = await createProgram(t, owner.trainer, { name: 'Evening Stretch' });
    await t
      .http()
      .get(`/api/fitness_programs/publishprogram/${program.id}/`)
      .set('Authorization', superuser.bearer)
      .expect(200);
    await t
      .http()
      .get(`/api/fitness_programs/changePublishStatus/${program.id}/`)
      .set('Authorization', superuser.bearer)
      .expect(200);
    const news = await t
      .http()
      .get('/api/chat/getNotifications')
      .set('Authorization', owner.session.bearer)
      .expect(200);
    expect(
      news.body.map((n: { category: string; sender: string; message: string }) => [
        n.category,
        n.sender,
        n.message,
      ]),
    ).toEqual([
      ['program', 'FitCoach', 'Your programme Evening Stretch is published'],
      ['program', 'FitCoach', 'Your programme Evening Stretch was blocked by the admin'],
    ]);
  });
});

describe('budgets per account', () => {
  const { messages: SENDS, seconds: SEND_SECONDS } = CHAT_SEND_BUDGET;
  const TOO_FAST = { ok: false, error: CHAT_MESSAGES.tooFast };

  it(`shares ${SENDS} sends per ${SEND_SECONDS} s between REST and every socket of an account, then refuses each`, async () => {
    const {
      trainer,
      members: [sender],
    } = await contactsOfTheirOwn();
    const tabs = [await client(sender), await client(sender)];
    const rest = (text: string) =>
      t
        .http()
        .post('/api/chat/sendMessage/')
        .set('Authorization', sender.bearer)
        .send({ to: trainer.user.id, text });
    const accepted = await Promise.all(
      Array.from({ length: SENDS }, async (_, i) =>
        i % 3 === 2
          ? ((await rest(`via REST ${i}`).expect(201)).body as ChatMessage)
          : sent(tabs[i % 3], { to: trainer.user.id, text: `via tab ${i % 3} ${i}` }),
      ),
    );

    const refused = await rest('one too many').expect(429);
    expect(refused.body).toEqual(refusal(429, CHAT_MESSAGES.tooFast));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(SEND_SECONDS);
    for (const tab of tabs)
      expect(await send(tab, { to: trainer.user.id, text: 'and here' })).toEqual(TOO_FAST);
    expect(
      await tabs[0].emit('message:forward', { messageId: accepted[0].id, to: [trainer.user.id] }),
    ).toEqual(TOO_FAST);
    expect(await storedBetween(sender, trainer)).toBe(SENDS);

    // Typing has a budget of its own, and the other side's budget is theirs.
    expect(await tabs[1].emit('conversation:typing', { with: trainer.user.id })).toEqual({ ok: true });
    const reply = await client(trainer);
    expect(await send(reply, { to: sender.user.id, text: 'slow down' })).toEqual(
      expect.objectContaining({ ok: true }),
    );
  });

  it('spends one send per forwarded copy, and refuses the copies past the budget', async () => {
    const { trainer, members } = await contactsOfTheirOwn(3);
    const coachTab = await client(trainer);
    const original = await sent(coachTab, { to: members[0].user.id, text: 'Tip of the day' });
    for (let i = 2; i <= SENDS - 2; i += 1)
      await sent(coachTab, { to: members[0].user.id, text: `note ${i}` });

    const ack = await coachTab.emit<ChatForwardAck>('message:forward', {
      messageId: original.id,
      to: members.map((member) => member.user.id),
    });
    if (!ack.ok) throw new Error(`forward refused: ${ack.error}`);
    expect(ack.messages.map((message) => message.recipient)).toEqual([
      members[0].user.id,
      members[1].user.id,
    ]);
    expect(ack.refused).toEqual([{ to: members[2].user.id, error: CHAT_MESSAGES.tooFast }]);
    expect(await storedBetween(trainer, members[2])).toBe(0);
    expect(
      await coachTab.emit('message:forward', { messageId: original.id, to: [members[2].user.id] }),
    ).toEqual(TOO_FAST);
  });

  it(`allows ${CHAT_TYPING_BUDGET.notices} typing notices per ${CHAT_TYPING_BUDGET.seconds} s per account, whichever tab sends them`, async () => {
    const {
      trainer,
      members: [member],
    } = await contactsOfTheirOwn();
    const tabs = [await client(member), await client(member)];
    const acks = await Promise.all(
      Array.from({ length: CHAT_TYPING_BUDGET.notices + 1 }, (_, i) =>
        tabs[i % 2].emit<{ ok: boolean }>('conversation:typing', { with: trainer.user.id }),
      ),
    );
    expect(acks.filter((ack) => ack.ok)).toHaveLength(CHAT_TYPING_BUDGET.notices);
    expect(acks.filter((ack) => !ack.ok)).toEqual([{ ok: false, error: CHAT_MESSAGES.typingTooFast }]);
    expect(await send(tabs[0], { to: trainer.user.id, text: 'typed it after all' })).toEqual(
      expect.objectContaining({ ok: true }),
    );
  });

  it(`takes at most ${CHAT_IMAGE_BUDGET.bytes / (1024 * 1024)} MB of images per account in ${CHAT_IMAGE_BUDGET.seconds / 60} minutes`, async () => {
    const {
      trainer,
      members: [member],
    } = await contactsOfTheirOwn();
    const tab = await client(member);
    // Noise stored without compression: close to the largest image allowed, and quick to decode.
    const side = 1250;
    const photo = await sharp({
      create: {
        width: side,
        height: side,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const fitting = Math.floor(CHAT_IMAGE_BUDGET.bytes / photo.length);
    for (let i = 0; i < fitting; i += 1) {
      expect(await sent(tab, { to: trainer.user.id, image: photo })).toEqual(
        expect.objectContaining({ type: 'image' }),
      );
    }
    expect(await send(tab, { to: trainer.user.id, image: photo })).toEqual({
      ok: false,
      error: CHAT_MESSAGES.tooManyImages,
    });
    expect(await storedBetween(member, trainer)).toBe(fitting);
    expect(await send(tab, { to: trainer.user.id, text: 'words still go' })).toEqual(
      expect.objectContaining({ ok: true }),
    );
  });
});

describe('sockets per account', () => {
  it(`keeps ${CHAT_SOCKETS_PER_ACCOUNT} sockets per account: a new one closes the oldest, and works`, async () => {
    const {
      trainer,
      members: [member],
    } = await contactsOfTheirOwn();
    const tabs: ChatClient[] = [];
    for (let i = 0; i < CHAT_SOCKETS_PER_ACCOUNT; i += 1) tabs.push(await client(member));
    const newest = await client(member);
    expect(await tabs[0].disconnected()).toBe('io server disconnect');
    expect(await sent(newest, { to: trainer.user.id, text: 'from the newest tab' })).toEqual(
      expect.objectContaining({ message: 'from the newest tab' }),
    );
    expect(tabs.filter((tab) => tab.socket.connected)).toHaveLength(CHAT_SOCKETS_PER_ACCOUNT - 1);
    expect(newest.socket.connected).toBe(true);
  });
});

describe.each([
  [
    'whose subscription ended',
    async (member: Session, programmeId: number) => {
      await t
        .http()
        .get(`/api/users/unfollowProgram/${programmeId}/`)
        .set('Authorization', member.bearer)
        .expect(200);
    },
  ],
  [
    'whose payment was refunded',
    async (_member: Session, _programmeId: number, paymentId: number) => {
      // As PayPal's refund webhook records it: the payment refunded and its subscription ended, together.
      await t.app
        .get(DataSource)
        .transaction((manager) => t.app.get(PaymentsRepository).refund(manager, paymentId, new Date()));
    },
  ],
])('a member %s and their trainer', (_case, end) => {
  let member: Session;
  let trainer: Session;
  let earlier: ChatMessage;

  beforeAll(async () => {
    const pair = await contactsOfTheirOwn();
    [member, trainer] = [pair.members[0], pair.trainer];
    const tab = await client(member);
    earlier = await sent(tab, { to: trainer.user.id, text: 'Before the end' });
    tab.close();
    await end(member, pair.programme.id, pair.payments[0]);
  });

  /** The member to the trainer, then the trainer to the member. */
  const bothWays = () =>
    [
      [member, trainer],
      [trainer, member],
    ] as const;

  it('cannot send to each other over REST', async () => {
    for (const [from, to] of bothWays()) {
      await t
        .http()
        .post('/api/chat/sendMessage/')
        .set('Authorization', from.bearer)
        .send({ to: to.user.id, text: 'still there?' })
        .expect(403, refusal(403, CHAT_MESSAGES.notContact));
    }
    expect(await storedBetween(member, trainer)).toBe(1);
  });

  it('cannot send to each other over a socket', async () => {
    for (const [from, to] of bothWays()) {
      expect(await send(await client(from), { to: to.user.id, text: 'still there?' })).toEqual({
        ok: false,
        error: CHAT_MESSAGES.notContact,
      });
    }
    expect(await storedBetween(member, trainer)).toBe(1);
  });

  it('cannot forward a message to each other', async () => {
    for (const [from, to] of bothWays()) {
      expect(
        await (await client(from)).emit('message:forward', { messageId: earlier.id, to: [to.user.id] }),
      ).toEqual({ ok: true, messages: [], refused: [{ to: to.user.id, error: CHAT_MESSAGES.notContact }] });
    }
    expect(await storedBetween(member, trainer)).toBe(1);
  });

  it('cannot tell each other of their typing', async () => {
    const tabs = [await client(member), await client(trainer)];
    const refused = { ok: false, error: CHAT_MESSAGES.notContact };
    expect(await tabs[0].emit('conversation:typing', { with: trainer.user.id })).toEqual(refused);
    expect(await tabs[1].emit('conversation:typing', { with: member.user.id })).toEqual(refused);
    expect(tabs.filter((tab) => tab.has('typing'))).toEqual([]);
  });

  it("cannot read their conversation's history", async () => {
    for (const [from, to] of bothWays()) {
      await t
        .http()
        .get(`/api/chat/getMessages/${conversationRoom(from.user.id, to.user.id)}/`)
        .set('Authorization', from.bearer)
        .expect(403, refusal(403, CHAT_MESSAGES.notContact));
    }
  });

  it('are no longer listed as contacts', async () => {
    for (const [from] of bothWays()) {
      const contacts = await t
        .http()
        .get('/api/chat/getContacts/')
        .set('Authorization', from.bearer)
        .expect(200);
      expect(contacts.body).toEqual([]);
    }
  });
});
