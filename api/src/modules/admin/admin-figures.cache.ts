import { Inject, Injectable } from '@nestjs/common';
import { ForgetsOnWrites, TableWrites } from '../../common/cache/table-writes.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';

/** The tables the dashboard's figures are counted from: a write to one of them makes the figures stale. */
const COUNTED_TABLES = new Set(['user', 'trainer', 'program', 'payment', 'subscription']);

/**
 * The admin dashboard's SQL figures, reused for `ADMIN_STATS_CACHE_MS` (ADR 025): on 1,000,000 payments the
 * aggregates cost several hundred milliseconds of the database however they are indexed
 * (docs/performance.md "Admin dashboard"), so superusers asking at once share one computation and the next ones
 * within the TTL reuse it. A write through TypeORM to a counted table forgets them (`TableWrites`: at once, again
 * when its transaction commits, and on the other instances through Redis, ADR 026), and a computation that ran
 * during a write is not kept; raw SQL such as `npm run seed` shows within the TTL.
 */
@Injectable()
export class AdminFiguresCache extends ForgetsOnWrites {
  private readonly ttlMs: number;
  private entry: { key: string; value: unknown; expires: number } | undefined;
  private inFlight: { key: string; loading: Promise<unknown> } | undefined;
  private generation = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig, tableWrites: TableWrites) {
    super(tableWrites, COUNTED_TABLES);
    this.ttlMs = config.adminStatsCacheMs;
  }

  protected isOn(): boolean {
    return this.ttlMs > 0;
  }

  /**
   * The figures of `key` (their first day) still fresh, else those `load` produces; callers at the same moment
   * share one load.
   */
  async remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    if (this.entry?.key === key && this.entry.expires > Date.now()) return this.entry.value as T;
    if (this.inFlight?.key === key) return this.inFlight.loading as Promise<T>;
    const generation = this.generation;
    const loading = load();
    this.inFlight = { key, loading };
    try {
      const value = await loading;
      if (generation === this.generation) this.entry = { key, value, expires: Date.now() + this.ttlMs };
      return value;
    } finally {
      if (this.inFlight?.loading === loading) this.inFlight = undefined;
    }
  }

  /** Forgets the figures, and any load still running: it may have read the data as it was before the write. */
  invalidate(): void {
    this.generation += 1;
    this.entry = undefined;
    this.inFlight = undefined;
  }
}
