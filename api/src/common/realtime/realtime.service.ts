import { type BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';

/** The personal room of a user: every socket (tab, device, instance) of theirs joins it. */
export const userRoom = (userId: number) => `user:${userId}`;

/** The room of every superuser's sockets: the admin dashboard's live presence. */
export const SUPERUSERS_ROOM = 'role:superusers';

/** The room of a session's sockets, so that ending the session ends them. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Events of this process (`@nestjs/event-emitter`) about the link between instances. */
export const REALTIME_EVENTS = {
  /** The socket.io adapter's Redis is back after being away: what other instances missed must be told again. */
  relinked: 'realtime.relinked',
} as const;

/**
 * What a socket carries once authenticated. Kept small: other instances receive it when they ask who is online.
 */
export interface SocketIdentity {
  userId: number;
  sessionId: string;
  /** When the access token of the handshake expires (ms since the epoch). */
  expiresAt: number;
}

/**
 * The one way services reach connected clients. The gateway hands over its socket.io server when it starts; the
 * rooms span every instance through the Redis adapter when REDIS_URL is set (docs/architecture.md §8, §12), and
 * this instance alone while that Redis is away (docs/decisions/034-realtime-while-redis-is-away.md).
 */
@Injectable()
export class RealtimeService implements BeforeApplicationShutdown {
  private server: Server | null = null;
  /** Lookups through the adapter still under way, which use its Redis connection until they settle. */
  private readonly lookups = new Set<Promise<unknown>>();

  attach(server: Server): void {
    this.server = server;
  }

  /**
   * From here on the app is closing: the sockets it closes must not set off presence lookups and broadcasts
   * through a Redis connection that is about to be closed (the adapter does not wait for them).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.server = null;
    await Promise.allSettled([...this.lookups]);
  }

  /** How many sockets are open on this instance (the metrics' sockets gauge). */
  get localSocketCount(): number {
    return this.server?.sockets.sockets.size ?? 0;
  }

  /** Sends an event to every socket of each of the users. */
  toUsers(userIds: readonly number[], event: string, data: unknown): void {
    if (!this.server || userIds.length === 0) return;
    this.server.to([...new Set(userIds)].map(userRoom)).emit(event, data);
  }

  /** Sends an event to the user's sockets on this instance only. */
  toUserHere(userId: number, event: string, data: unknown): void {
    this.server?.local.to(userRoom(userId)).emit(event, data);
  }

  /** Sends an event to every superuser's sockets. */
  toSuperusers(event: string, data: unknown): void {
    this.server?.to(SUPERUSERS_ROOM).emit(event, data);
  }

  /** Sends an event to every socket opened with the session, on every instance. */
  toSession(sessionId: string, event: string, data: unknown): void {
    this.server?.to(sessionRoom(sessionId)).emit(event, data);
  }

  /** Closes every socket of the user, on every instance. */
  disconnectUser(userId: number): void {
    this.server?.in(userRoom(userId)).disconnectSockets(true);
  }

  /** Closes every socket opened with the session, on every instance. */
  disconnectSession(sessionId: string): void {
    this.server?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  /** Whether the user has a socket on this instance: no need to ask the others through Redis. */
  async connectedHere(userId: number): Promise<boolean> {
    if (!this.server) return false;
    return (await this.server.local.in(userRoom(userId)).fetchSockets()).length > 0;
  }

  /** The distinct users with a socket open on this instance. */
  async usersHere(): Promise<number[]> {
    if (!this.server) return [];
    const sockets = await this.server.local.fetchSockets();
    return [...new Set(sockets.map((socket) => (socket.data as SocketIdentity).userId))];
  }

  /** The distinct users among `userIds` (everyone when null) with a socket open on any instance. */
  async connectedUsers(userIds: readonly number[] | null): Promise<number[]> {
    if (!this.server) return [];
    const sockets = await this.lookUp(userIds === null ? this.server : this.server.in(userIds.map(userRoom)));
    return [...new Set(sockets.map((socket) => (socket.data as SocketIdentity).userId))];
  }

  /**
   * Closes the user's sockets past the `keep` newest (by handshake time), on every instance (this one's alone while
   * Redis is away); resolves how many it closed. Closed by the server, a socket.io client does not reconnect.
   */
  async closeOldest(userId: number, keep: number): Promise<number> {
    if (!this.server) return 0;
    const sockets = await this.lookUp(this.server.in(userRoom(userId)));
    if (sockets.length <= keep) return 0;
    const oldest = sockets
      .sort((a, b) => a.handshake.issued - b.handshake.issued || a.id.localeCompare(b.id))
      .slice(0, sockets.length - keep);
    for (const socket of oldest) socket.disconnect(true);
    return oldest.length;
  }

  private lookUp(target: Pick<Server, 'fetchSockets'>) {
    const lookup = target.fetchSockets();
    this.lookups.add(lookup);
    return lookup.finally(() => this.lookups.delete(lookup));
  }
}
