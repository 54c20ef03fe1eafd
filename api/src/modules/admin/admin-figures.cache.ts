import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';

/** The tables the dashboard's figures are counted from: a write to one of them makes the figures stale. */
const COUNTED_TABLES = new Set(['user', 'trainer', 'program', 'payment', 'subscription']);

const CHANGED = Symbol('fitcoach:admin-figures-changed');

type MarkedQueryRunner = QueryRunner & { data: { [CHANGED]?: boolean } };

/**
 * The admin dashboard's SQL figures, reused for `ADMIN_STATS_CACHE_MS` (ADR 025): on 1,000,000 payments the
 * aggregates cost several hundred milliseconds of the database however they are indexed
 * (docs/performance.md "Admin dashboard"), so superusers asking at once share one computation and the next ones
 * within the TTL reuse it. A write through TypeORM to a counted table forgets them (and again when its transaction
 * commits), and a computation that ran during a write is not kept, so this process never shows figures older
 * than its last write; other instances, and raw SQL such as `npm run seed`, show within the TTL.
 */
@Injectable()
export class AdminFiguresCache implements OnModuleInit, OnApplicationShutdown {
  private readonly ttlMs: number;
  private entry: { key: string; value: unknown; expires: number } | undefined;
  private inFlight: { key: string; loading: Promise<unknown> } | undefined;
  private generation = 0;
  private readonly subscriber: EntitySubscriberInterface = {
    afterInsert: (event) => this.written(event.metadata.tableName, event.queryRunner),
    afterUpdate: (event) => this.written(event.metadata.tableName, event.queryRunner),
    afterRemove: (event) => this.written(event.metadata.tableName, event.queryRunner),
    afterSoftRemove: (event) => this.written(event.metadata.tableName, event.queryRunner),
    afterRecover: (event) => this.written(event.metadata.tableName, event.queryRunner),
    afterTransactionCommit: (event) => {
      const runner = event.queryRunner as MarkedQueryRunner;
      if (!runner.data[CHANGED]) return;
      delete runner.data[CHANGED];
      this.invalidate();
    },
    afterTransactionRollback: (event) => {
      delete (event.queryRunner as MarkedQueryRunner).data[CHANGED];
    },
  };

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.ttlMs = config.adminStatsCacheMs;
  }

  onModuleInit(): void {
    if (this.ttlMs > 0) this.dataSource.subscribers.push(this.subscriber);
  }

  onApplicationShutdown(): void {
    const index = this.dataSource.subscribers.indexOf(this.subscriber);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
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

  private written(table: string, runner: QueryRunner | undefined): void {
    if (!COUNTED_TABLES.has(table)) return;
    // Inside a transaction other connections see the write only at commit: forget again then.
    if (runner?.isTransactionActive) (runner as MarkedQueryRunner).data[CHANGED] = true;
    this.invalidate();
  }
}
