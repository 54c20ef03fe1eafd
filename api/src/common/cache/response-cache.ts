import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ForgetsOnWrites, TableWrites } from './table-writes.js';

/** What a load produced, and whether it may be served to the next anonymous visitor. */
export interface Loaded<T> {
  value: T;
  cacheable: boolean;
}

/**
 * The tables the public catalogue's reads query: programmes with their trainer and the trainer's account
 * (programs.repository, trainers.repository, sitemap.repository), all that the catalogue's pages show. A write to
 * any other table (a chat message, a lesson completion, a session) leaves the catalogue as it is.
 */
export const CATALOGUE_TABLES: ReadonlySet<string> = new Set(['program', 'trainer', 'user']);

/** About 50 KB a page: at most some 25 MB, even for a crawler walking every filter and page. */
const MAX_ENTRIES = 500;

/**
 * A few seconds' memory of the answers anonymous visitors get from the public catalogue (ADR 010): the same
 * page for everyone, so one render serves all who ask within PUBLIC_CACHE_MS. A write through TypeORM to a table
 * the catalogue reads empties it (`TableWrites`), on this process at once and on the other instances of a
 * scaled-out deployment when the write's message reaches them through Redis (ADR 026).
 */
@Injectable()
export class ResponseCache extends ForgetsOnWrites {
  private readonly entries: LRUCache<string, object> | undefined;
  private readonly inFlight = new Map<string, Promise<Loaded<unknown>>>();
  /** Counts the invalidations: an answer loaded under an older one is not kept. */
  private generation = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig, tableWrites: TableWrites) {
    super(tableWrites, CATALOGUE_TABLES);
    this.entries =
      config.publicCacheMs > 0
        ? new LRUCache<string, object>({ max: MAX_ENTRIES, ttl: config.publicCacheMs, ttlAutopurge: true })
        : undefined;
  }

  /** Whether anything is remembered at all (PUBLIC_CACHE_MS above 0). */
  get enabled(): boolean {
    return this.entries !== undefined;
  }

  protected isOn(): boolean {
    return this.enabled;
  }

  /**
   * The remembered value for `key`, else what `load` produces (remembered when cacheable and no write happened
   * while it ran). Visitors asking for the same key at once share one load when its result is cacheable.
   */
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

  /** Forgets everything, including loads still running: they read the data as it was before the write. */
  invalidate(): void {
    this.generation += 1;
    this.entries?.clear();
    this.inFlight.clear();
  }
}
