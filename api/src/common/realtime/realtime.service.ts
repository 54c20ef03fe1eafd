import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';

/** The personal room of a user: every socket (tab, device, instance) of theirs joins it. */
export const userRoom = (userId: number) => `user:${userId}`;

/** The room of a session's sockets, so that ending the session ends them. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The one way services reach connected clients. The gateway hands over its socket.io server when it starts; the
 * rooms span every instance through the Redis adapter when REDIS_URL is set (docs/architecture.md §8, §12).
 */
@Injectable()
export class RealtimeService {
  private server: Server | null = null;

  attach(server: Server): void {
    this.server = server;
  }

  /** Sends an event to every socket of each of the users. */
  toUsers(userIds: readonly number[], event: string, data: unknown): void {
    if (!this.server || userIds.length === 0) return;
    this.server.to([...new Set(userIds)].map(userRoom)).emit(event, data);
  }

  /** Closes every socket of the user, on every instance. */
  disconnectUser(userId: number): void {
    this.server?.in(userRoom(userId)).disconnectSockets(true);
  }

  /** Closes every socket opened with the session, on every instance. */
  disconnectSession(sessionId: string): void {
    this.server?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }
}
