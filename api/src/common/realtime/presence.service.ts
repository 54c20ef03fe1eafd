import { Injectable } from '@nestjs/common';
import { RealtimeService } from './realtime.service.js';

/**
 * Who is online: a user is online while at least one of their sockets is open, on any instance (several tabs count
 * once). The sockets themselves are the record, asked through the socket.io adapter, which with Redis asks every
 * live instance: nothing to keep in step, and the sockets of an instance that crashed stop counting with it. While
 * that Redis is away the answer is this instance's own sockets, and presence is told again when it is back
 * (docs/decisions/034-realtime-while-redis-is-away.md).
 */
/** How long "online on another instance" is taken as still true by `recentlyOnline`. */
const REMOTE_ONLINE_MS = 1000;

/** Past this many remembered users, the expired ones are forgotten. */
const REMOTE_ONLINE_SWEEP = 10_000;

@Injectable()
export class PresenceService {
  /** User id → until when another instance's answer "online" is trusted. */
  private readonly remoteOnline = new Map<number, number>();

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

  /**
   * `isOnline` for choosing between a live and a stored notification: another instance's "online" is trusted for a
   * second, so a burst of messages to a user connected elsewhere asks the other instances once, not once a message
   * (docs/performance.md "Chat"). Its cost: a user who left another instance less than a second ago gets a live
   * notification instead of a stored one (the message itself is stored and counted unread either way). Presence
   * events use `isOnline`, never this.
   */
  async recentlyOnline(userId: number): Promise<boolean> {
    if (await this.realtime.connectedHere(userId)) return true;
    const now = Date.now();
    if ((this.remoteOnline.get(userId) ?? 0) > now) return true;
    const online = (await this.realtime.connectedUsers([userId])).length > 0;
    if (!online) {
      this.remoteOnline.delete(userId);
      return false;
    }
    if (this.remoteOnline.size >= REMOTE_ONLINE_SWEEP) {
      for (const [id, until] of this.remoteOnline) if (until <= now) this.remoteOnline.delete(id);
    }
    this.remoteOnline.set(userId, now + REMOTE_ONLINE_MS);
    return true;
  }

  /** Every online user id, ascending. */
  async all(): Promise<number[]> {
    return (await this.realtime.connectedUsers(null)).sort((a, b) => a - b);
  }
}
