import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { ForgetsOnWrites, TableWrites } from '../../common/cache/table-writes.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';
import type { UserEntity } from '../users/user.entity.js';

const AUTH_TABLES = new Set(['user', 'refresh_token']);

/** Far more signed-in visitors than one instance serves within AUTH_CACHE_MS; an account is about 1 KB. */
const MAX_ENTRIES = 20_000;

/**
 * So that a page's API calls do not each read the account and its session (ADR 028). Nothing is kept or served
 * while this instance might miss another one's writes.
 */
@Injectable()
export class SessionCache extends ForgetsOnWrites {
  private readonly entries: LRUCache<string, UserEntity> | undefined;
  private generation = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig, tableWrites: TableWrites) {
    super(tableWrites, AUTH_TABLES);
    this.entries =
      config.authCacheMs > 0 ? new LRUCache({ max: MAX_ENTRIES, ttl: config.authCacheMs }) : undefined;
  }

  protected isOn(): boolean {
    return this.entries !== undefined;
  }

  /** Frozen, kept or not, so that code changing it fails the same way with the cache on or off. */
  async account(userId: number, sessionId: string, check: () => Promise<UserEntity>): Promise<UserEntity> {
    if (!this.entries || !this.tableWrites.hearsEveryWrite) return Object.freeze(await check());
    const key = `${userId}:${sessionId}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const user = Object.freeze(await check());
    if (generation === this.generation && this.tableWrites.hearsEveryWrite) this.entries.set(key, user);
    return user;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries?.clear();
  }
}
