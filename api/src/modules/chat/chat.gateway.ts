import { HttpException, Inject, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import {
  CHAT_CLIENT_EVENTS,
  CHAT_MESSAGES,
  CHAT_SERVER_EVENTS,
  CHAT_SOCKETS_PER_ACCOUNT,
  type AdminPresenceEvent,
  type ChatAck,
  ChatConversationDto,
  DeleteChatMessageDto,
  ForwardChatMessageDto,
  SendChatMessageDto,
  type ChatForwardAck,
  type ChatSendAck,
  type SessionEndedEvent,
} from '@fitcoach/contracts';
import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import { presentedToken } from '../../common/auth/access-token.js';
import { isOwnOrigin } from '../../common/auth/same-origin.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';
import {
  SESSION_EVENTS,
  type SessionRevokedEvent,
  type UserSessionsRevokedEvent,
} from '../../common/events/session-events.js';
import { AuthService } from '../auth/auth.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import type { UserEntity } from '../users/user.entity.js';
import { toUserBrief } from '../users/users.mapper.js';
import { chatPayload } from './chat.payloads.js';
import { ChatService } from './chat.service.js';
import { PresenceService } from '../../common/realtime/presence.service.js';
import {
  REALTIME_EVENTS,
  RealtimeService,
  SUPERUSERS_ROOM,
  sessionRoom,
  type SocketIdentity,
  userRoom,
} from '../../common/realtime/realtime.service.js';

type ChatSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketIdentity>;

const KNOWN_EVENTS: ReadonlySet<string> = new Set(Object.values(CHAT_CLIENT_EVENTS));

/** setTimeout's largest delay; a later expiry is checked again on every event anyway. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The socket.io gateway (docs/architecture.md §8): one authenticated connection per tab, personal rooms per user
 * and session, presence, and the client events, each acknowledged with `{ok: true, ...}` or `{ok: false, error}`.
 * Sends and typing notices spend the account's budgets in ChatService, whichever socket or REST call they come from.
 */
@WebSocketGateway()
export class ChatGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger(ChatGateway.name);
  private readonly expiries = new Map<string, NodeJS.Timeout>();
  /** The account each socket of this instance authenticated as, by socket id. */
  private readonly accounts = new Map<string, UserEntity>();

  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly chat: ChatService,
    private readonly presence: PresenceService,
    private readonly realtime: RealtimeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  afterInit(server: Server): void {
    this.realtime.attach(server);
    server.use((socket, next) => {
      this.authenticate(socket as ChatSocket).then(
        () => next(),
        (error: unknown) => next(new Error(this.refusalOf(error))),
      );
    });
  }

  async handleConnection(socket: ChatSocket): Promise<void> {
    const { userId, sessionId, expiresAt } = socket.data;
    const account = this.accounts.get(socket.id);
    await socket.join([
      userRoom(userId),
      sessionRoom(sessionId),
      ...(account?.isSuperuser ? [SUPERUSERS_ROOM] : []),
    ]);
    this.expiries.set(
      socket.id,
      setTimeout(() => socket.disconnect(true), Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS)),
    );
    socket.onAny((event: string, ...args: unknown[]) => {
      if (KNOWN_EVENTS.has(event)) return;
      const ack = args.at(-1);
      if (typeof ack === 'function') ack({ ok: false, error: CHAT_MESSAGES.unknownEvent });
    });
    try {
      // Past the cap the oldest sockets close, not this one: a member who opens a new tab (or whose old tabs were left
      // open on another device) keeps chatting where they are now, and a script's sockets cannot pile up.
      await this.realtime.closeOldest(userId, CHAT_SOCKETS_PER_ACCOUNT);
      const contacts = await this.chat.contacts(userId);
      // Sent on every new socket, not only the first: contacts keep a set, and two tabs opening at once on two
      // instances could otherwise each take the other for the first.
      this.realtime.toUsers(contacts, CHAT_SERVER_EVENTS.presence, { userId, online: true });
      if (account) this.tellSuperusers(account, true);
      socket.emit(CHAT_SERVER_EVENTS.snapshot, { online: await this.presence.onlineAmong(contacts) });
      socket.emit(CHAT_SERVER_EVENTS.unread, await this.chat.unread(userId));
    } catch (error) {
      this.logger.error({ err: error }, 'Could not set up a chat connection');
      socket.disconnect(true);
    }
  }

  async handleDisconnect(socket: ChatSocket): Promise<void> {
    clearTimeout(this.expiries.get(socket.id));
    this.expiries.delete(socket.id);
    const account = this.accounts.get(socket.id);
    this.accounts.delete(socket.id);
    const userId = socket.data.userId;
    if (userId === undefined) return;
    try {
      // Offline once no socket of the user is left on any instance.
      if (await this.presence.isOnline(userId)) return;
      if (account) this.tellSuperusers(account, false);
      const contacts = await this.chat.contacts(userId);
      this.realtime.toUsers(contacts, CHAT_SERVER_EVENTS.presence, { userId, online: false });
    } catch (error) {
      this.logger.error({ err: error }, 'Could not tell contacts that a user went offline');
    }
  }

  @SubscribeMessage(CHAT_CLIENT_EVENTS.send)
  send(@ConnectedSocket() socket: ChatSocket, @MessageBody() body: unknown): Promise<ChatSendAck> {
    return this.acknowledge(socket, async (user) => ({
      message: await this.chat.send(user, await chatPayload(SendChatMessageDto, body)),
    }));
  }

  @SubscribeMessage(CHAT_CLIENT_EVENTS.forward)
  forward(@ConnectedSocket() socket: ChatSocket, @MessageBody() body: unknown): Promise<ChatForwardAck> {
    return this.acknowledge(socket, async (user) =>
      this.chat.forward(user, await chatPayload(ForwardChatMessageDto, body)),
    );
  }

  @SubscribeMessage(CHAT_CLIENT_EVENTS.delete)
  remove(@ConnectedSocket() socket: ChatSocket, @MessageBody() body: unknown): Promise<ChatAck> {
    return this.acknowledgeDone(socket, async (user) =>
      this.chat.remove(user, await chatPayload(DeleteChatMessageDto, body)),
    );
  }

  @SubscribeMessage(CHAT_CLIENT_EVENTS.read)
  read(@ConnectedSocket() socket: ChatSocket, @MessageBody() body: unknown): Promise<ChatAck> {
    return this.acknowledgeDone(socket, async (user) =>
      this.chat.read(user, await chatPayload(ChatConversationDto, body)),
    );
  }

  @SubscribeMessage(CHAT_CLIENT_EVENTS.typing)
  typing(@ConnectedSocket() socket: ChatSocket, @MessageBody() body: unknown): Promise<ChatAck> {
    return this.acknowledgeDone(socket, async (user) =>
      this.chat.typing(user, await chatPayload(ChatConversationDto, body)),
    );
  }

  /** Logout, a stolen refresh token's family ended, or a device signed out: that session's sockets close at once. */
  @OnEvent(SESSION_EVENTS.revoked)
  onSessionRevoked({ sessionId }: SessionRevokedEvent): void {
    this.realtime.toSession(sessionId, CHAT_SERVER_EVENTS.sessionEnded, {
      reason: 'signed_out',
    } satisfies SessionEndedEvent);
    this.realtime.disconnectSession(sessionId);
  }

  /** Blocking revokes every session of the user: every socket of theirs closes, on every instance. */
  @OnEvent(SESSION_EVENTS.allOfUserRevoked)
  onUserSessionsRevoked({ userId }: UserSessionsRevokedEvent): void {
    this.realtime.toUsers([userId], CHAT_SERVER_EVENTS.sessionEnded, {
      reason: 'blocked',
    } satisfies SessionEndedEvent);
    this.realtime.disconnectUser(userId);
  }

  /**
   * Redis is back after being away, when each instance told presence to its own sockets only: the users here are
   * announced online to their contacts everywhere, and their sockets get a fresh snapshot, which also drops the
   * contacts who went offline meanwhile (docs/decisions/034-realtime-while-redis-is-away.md).
   */
  @OnEvent(REALTIME_EVENTS.relinked)
  async onRelinked(): Promise<void> {
    for (const userId of await this.realtime.usersHere()) {
      try {
        const contacts = await this.chat.contacts(userId);
        this.realtime.toUsers(contacts, CHAT_SERVER_EVENTS.presence, { userId, online: true });
        const online = await this.presence.onlineAmong(contacts);
        this.realtime.toUserHere(userId, CHAT_SERVER_EVENTS.snapshot, { online });
      } catch (error) {
        this.logger.error({ err: error }, `Presence of user ${userId} not told again`);
      }
    }
    const accounts = new Map([...this.accounts.values()].map((account) => [account.id, account]));
    for (const account of accounts.values()) this.tellSuperusers(account, true);
  }

  /** The admin dashboard's Online tables follow members and trainers (superusers are not listed). */
  private tellSuperusers(account: UserEntity, online: boolean): void {
    if (account.isSuperuser) return;
    const event: AdminPresenceEvent = { user: toUserBrief(account), trainer: account.isTrainer, online };
    this.realtime.toSuperusers(CHAT_SERVER_EVENTS.adminPresence, event);
  }

  /**
   * The handshake: `auth.token` (a Bearer access token, for API clients) or the site's session cookie, checked by
   * the same function as the REST guard. The cookie is only taken from this site's own pages.
   */
  private async authenticate(socket: ChatSocket): Promise<void> {
    const { auth, headers } = socket.handshake;
    const given: unknown = (auth as Record<string, unknown> | undefined)?.token;
    let token: string | null = null;
    if (typeof given === 'string' && given !== '') {
      token = given.replace(/^bearer[ \t]+/i, '');
    } else {
      const presented = presentedToken(headers);
      if (presented?.source === 'cookie' && !this.fromOwnPages(socket)) {
        throw new Error(CHAT_MESSAGES.crossSite);
      }
      token = presented?.token ?? null;
    }
    if (!token) throw new Error(CHAT_MESSAGES.unauthenticated);
    const claims = await this.sessions.verifyAccess(token);
    const { user, sessionId } = await this.auth.resolve(claims);
    socket.data = { userId: user.id, sessionId, expiresAt: (claims.exp ?? 0) * 1000 };
    this.accounts.set(socket.id, user);
  }

  private fromOwnPages(socket: ChatSocket): boolean {
    const { headers } = socket.handshake;
    const fetchSite = headers['sec-fetch-site'];
    if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
    const origin = headers.origin;
    if (origin === undefined) return true;
    const protocol = socket.handshake.secure ? 'https' : 'http';
    return isOwnOrigin(origin, this.config.publicUrl, `${protocol}://${headers.host ?? ''}`);
  }

  private refusalOf(error: unknown): string {
    if (error instanceof HttpException || error instanceof Error) return error.message;
    return CHAT_MESSAGES.unauthenticated;
  }

  /** `acknowledge` for a request whose answer is only that it was done. */
  private acknowledgeDone(socket: ChatSocket, act: (user: UserEntity) => Promise<void>): Promise<ChatAck> {
    return this.acknowledge(socket, async (user) => {
      await act(user);
      return {};
    });
  }

  /** Runs a client event for the socket's user and answers its acknowledgement; nothing a client sends throws. */
  private async acknowledge<T extends object>(
    socket: ChatSocket,
    handle: (user: UserEntity) => Promise<T>,
  ): Promise<ChatAck<T>> {
    if (Date.now() >= socket.data.expiresAt) {
      setImmediate(() => socket.disconnect(true));
      return { ok: false, error: CHAT_MESSAGES.sessionExpired };
    }
    const user = this.accounts.get(socket.id);
    if (!user) return { ok: false, error: CHAT_MESSAGES.unauthenticated };
    try {
      return { ok: true, ...(await handle(user)) };
    } catch (error) {
      if (error instanceof HttpException) return { ok: false, error: error.message };
      this.logger.error({ err: error }, 'A chat event failed');
      return { ok: false, error: 'Something went wrong. Please try again.' };
    }
  }
}
