import { Inject, Injectable } from '@nestjs/common';
import { ForgetsOnWrites, TableWrites } from '../../common/cache/table-writes.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';

const COUNTED_TABLES = new Set(['user', 'trainer', 'program', 'payment', 'subscription']);

/**
 * The aggregates are costly on many payments however they are indexed (ADR 025). Raw SQL writes such as
 * `npm run seed` are not heard, and show within the TTL.
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

  /** `key` is the figures' first day; callers at the same moment share one load. */
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

  /** Also any load still running: it may have read the data as it was before the write. */
  invalidate(): void {
    this.generation += 1;
    this.entry = undefined;
    this.inFlight = undefined;
  }
}
