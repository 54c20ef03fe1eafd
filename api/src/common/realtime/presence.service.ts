import { Injectable } from '@nestjs/common';

/**
 * Who is online on this instance: a user is online while at least one of their sockets is open, so several tabs
 * count once. Each change says whether it crossed between offline and online, which is when contacts are told.
 */
@Injectable()
export class PresenceService {
  private readonly sockets = new Map<number, number>();

  /** Counts a new socket; true when it is the user's first (they just came online). */
  connected(userId: number): boolean {
    const count = (this.sockets.get(userId) ?? 0) + 1;
    this.sockets.set(userId, count);
    return count === 1;
  }

  /** Counts a closed socket; true when it was the user's last (they just went offline). */
  disconnected(userId: number): boolean {
    const count = (this.sockets.get(userId) ?? 0) - 1;
    if (count > 0) {
      this.sockets.set(userId, count);
      return false;
    }
    return this.sockets.delete(userId);
  }

  isOnline(userId: number): boolean {
    return this.sockets.has(userId);
  }

  /** The ids among `userIds` that are online, in the given order. */
  onlineAmong(userIds: readonly number[]): number[] {
    return userIds.filter((id) => this.sockets.has(id));
  }

  /** Every online user id. */
  all(): number[] {
    return [...this.sockets.keys()];
  }
}
