import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ForgetsOnWrites, TableWrites } from './table-writes.js';

export interface Loaded<T> {
  value: T;
  cacheable: boolean;
}

/** All that the catalogue's pages show: a write to any other table leaves the cache as it is. */
export const CATALOGUE_TABLES: ReadonlySet<string> = new Set(['program', 'trainer', 'user']);

/** About 50 KB a page: at most some 25 MB, even for a crawler walking every filter and page. */
const MAX_ENTRIES = 500;

/** One render serves all anonymous visitors within PUBLIC_CACHE_MS (ADR 010); writes empty it (ADR 026). */
@Injectable()
export class ResponseCache extends ForgetsOnWrites {
  private readonly entries: LRUCache<string, object> | undefined;
  private readonly inFlight = new Map<string, Promise<Loaded<unknown>>>();
  /** An answer loaded under an older generation is not kept. */
  private generation = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig, tableWrites: TableWrites) {
    super(tableWrites, CATALOGUE_TABLES);
    this.entries =
      config.publicCacheMs > 0
        ? new LRUCache<string, object>({ max: MAX_ENTRIES, ttl: config.publicCacheMs, ttlAutopurge: true })
        : undefined;
  }

  get enabled(): boolean {
    return this.entries !== undefined;
  }

  protected isOn(): boolean {
    return this.enabled;
  }

  /** Remembers the result only when no write happened while `load` ran; concurrent asks share one load. */
  async remember<T extends object>(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
    if (!this.entries) return (await load()).value;
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit as T;
    const flight = this.inFlight.get(key) as Promise<Loaded<T>> | undefined;
    if (flight) {
      const shared = await flight.catch(() => undefined);
      return shared?.cacheable ? shared.value : (await load()).value;
    }
    const generation = this.generation;
    const loading = load();
    this.inFlight.set(key, loading);
    try {
      const loaded = await loading;
      if (loaded.cacheable && generation === this.generation) this.entries.set(key, loaded.value);
      return loaded.value;
    } finally {
      if (this.inFlight.get(key) === loading) this.inFlight.delete(key);
    }
  }

  /** Includes loads still running: they read the data as it was before the write. */
  invalidate(): void {
    this.generation += 1;
    this.entries?.clear();
    this.inFlight.clear();
  }
}
