import { type BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';

export const userRoom = (userId: number) => `user:${userId}`;

export const SUPERUSERS_ROOM = 'role:superusers';

/** So that ending the session ends its sockets. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export const REALTIME_EVENTS = {
  /** The adapter's Redis is back: what other instances missed must be told again. */
  relinked: 'realtime.relinked',
} as const;

/** Kept small: other instances receive it when they ask who is online. */
export interface SocketIdentity {
  userId: number;
  sessionId: string;
  /** Ms since the epoch. */
  expiresAt: number;
}

/** Rooms span every instance through the Redis adapter (docs/architecture.md §8, §12; ADR 034). */
@Injectable()
export class RealtimeService implements BeforeApplicationShutdown {
  private server: Server | null = null;
  private readonly lookups = new Set<Promise<unknown>>();

  attach(server: Server): void {
    this.server = server;
  }

  /** Closing sockets must not set off lookups through a Redis connection about to close; the adapter does not wait. */
  async beforeApplicationShutdown(): Promise<void> {
    this.server = null;
    await Promise.allSettled([...this.lookups]);
  }

  get localSocketCount(): number {
    return this.server?.sockets.sockets.size ?? 0;
  }

  toUsers(userIds: readonly number[], event: string, data: unknown): void {
    if (!this.server || userIds.length === 0) return;
    this.server.to([...new Set(userIds)].map(userRoom)).emit(event, data);
  }

  toUserHere(userId: number, event: string, data: unknown): void {
    this.server?.local.to(userRoom(userId)).emit(event, data);
  }

  toSuperusers(event: string, data: unknown): void {
    this.server?.to(SUPERUSERS_ROOM).emit(event, data);
  }

  toSession(sessionId: string, event: string, data: unknown): void {
    this.server?.to(sessionRoom(sessionId)).emit(event, data);
  }

  disconnectUser(userId: number): void {
    this.server?.in(userRoom(userId)).disconnectSockets(true);
  }

  disconnectSession(sessionId: string): void {
    this.server?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  async connectedHere(userId: number): Promise<boolean> {
    if (!this.server) return false;
    return (await this.server.local.in(userRoom(userId)).fetchSockets()).length > 0;
  }

  async usersHere(): Promise<number[]> {
    if (!this.server) return [];
    const sockets = await this.server.local.fetchSockets();
    return [...new Set(sockets.map((socket) => (socket.data as SocketIdentity).userId))];
  }

  /** `null`: everyone. */
  async connectedUsers(userIds: readonly number[] | null): Promise<number[]> {
    if (!this.server) return [];
    const sockets = await this.lookUp(userIds === null ? this.server : this.server.in(userIds.map(userRoom)));
    return [...new Set(sockets.map((socket) => (socket.data as SocketIdentity).userId))];
  }

  /** Closes all but the `keep` newest; closed by the server, a socket.io client does not reconnect. */
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
