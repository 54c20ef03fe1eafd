import { Injectable } from '@nestjs/common';
import { RealtimeService } from './realtime.service.js';

const REMOTE_ONLINE_MS = 1000;

const REMOTE_ONLINE_SWEEP = 10_000;

/** The open sockets are the record, so a crashed instance's users stop counting with it (ADR 034). */
@Injectable()
export class PresenceService {
  private readonly remoteOnline = new Map<number, number>();

  constructor(private readonly realtime: RealtimeService) {}

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
   * Trusts another instance's "online" for a second, so a burst of messages asks the others once (docs/performance.md
   * "Chat"); only for choosing a live or stored notification, never for presence events.
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

  async all(): Promise<number[]> {
    return (await this.realtime.connectedUsers(null)).sort((a, b) => a - b);
  }
}
