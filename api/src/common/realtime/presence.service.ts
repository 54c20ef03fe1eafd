import { Injectable } from '@nestjs/common';
import { RealtimeService } from './realtime.service.js';

/**
 * Who is online: a user is online while at least one of their sockets is open, on any instance (several tabs count
 * once). The sockets themselves are the record, asked through the socket.io adapter, which with Redis asks every
 * live instance: nothing to keep in step, and the sockets of an instance that crashed stop counting with it.
 */
@Injectable()
export class PresenceService {
  constructor(private readonly realtime: RealtimeService) {}

  /** The ids among `userIds` that are online, in the given order. */
  async onlineAmong(userIds: readonly number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const online = new Set(await this.realtime.connectedUsers(userIds));
    return userIds.filter((id) => online.has(id));
  }

  async isOnline(userId: number): Promise<boolean> {
    if (await this.realtime.connectedHere(userId)) return true;
    return (await this.realtime.connectedUsers([userId])).length > 0;
  }

  /** Every online user id, ascending. */
  async all(): Promise<number[]> {
    return (await this.realtime.connectedUsers(null)).sort((a, b) => a - b);
  }
}
