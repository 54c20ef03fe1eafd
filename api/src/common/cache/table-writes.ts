import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Redis } from 'ioredis';
import type { DataSource, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

export interface WriteOrigin {
  from: string;
  seq: number;
}

/** `origin` is set when another instance made the write. */
export type WriteListener = (tables: ReadonlySet<string>, origin?: WriteOrigin) => void;

const EVERY_TABLE = '*';

/** Told when writes may have been missed while Redis was away. */
const ALL_TABLES: ReadonlySet<string> = new Set([EVERY_TABLE]);

export function touches(tables: ReadonlySet<string>, watched: (table: string) => boolean): boolean {
  for (const table of tables) if (table === EVERY_TABLE || watched(table)) return true;
  return false;
}

const SUBSCRIBE_WAIT_MS = 2000;

export const TABLE_WRITES_PREFIX = Symbol('TABLE_WRITES_PREFIX');

const PENDING = Symbol('fitcoach:tables-written');

type MarkedQueryRunner = QueryRunner & { data: { [PENDING]?: Set<string> } };

interface Message {
  from: string;
  seq: number;
  tables: string[];
}

function parse(raw: string): Message | undefined {
  try {
    const message = JSON.parse(raw) as Partial<Message>;
    const valid =
      typeof message.from === 'string' &&
      Number.isSafeInteger(message.seq) &&
      Array.isArray(message.tables) &&
      message.tables.every((table) => typeof table === 'string');
    return valid ? (message as Message) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tells the caches of every instance which tables a write touched (ADR 026). After a lost Redis connection every
 * table may have changed, since pub/sub messages sent meanwhile are gone.
 */
@Injectable()
export class TableWrites implements OnModuleInit, OnApplicationShutdown {
  readonly instanceId = randomUUID();
  private readonly log = new Logger(TableWrites.name);
  private readonly listeners = new Set<WriteListener>();
  private readonly channel: string;
  private sent = 0;
  private subscribed = false;
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  private readonly entitySubscriber: EntitySubscriberInterface = {
    afterInsert: (event) => this.written(event.metadata.tableName, event.queryRunner),
    afterUpdate: (event) => this.written(event.metadata.tableName, event.queryRunner),
    afterRemove: (event) => this.written(event.metadata.tableName, event.queryRunner),
    afterSoftRemove: (event) => this.written(event.metadata.tableName, event.queryRunner),
    afterRecover: (event) => this.written(event.metadata.tableName, event.queryRunner),
    afterTransactionCommit: (event) => {
      const runner = event.queryRunner as MarkedQueryRunner;
      const tables = runner.data[PENDING];
      if (!tables) return;
      delete runner.data[PENDING];
      this.changed(tables);
    },
    afterTransactionRollback: (event) => {
      delete (event.queryRunner as MarkedQueryRunner).data[PENDING];
    },
  };

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(TABLE_WRITES_PREFIX) prefix: string,
  ) {
    this.channel = `${prefix}:table-writes`;
  }

  /** A cache that must never serve what another instance changed asks this first. */
  get hearsEveryWrite(): boolean {
    return !this.config.redisUrl || this.subscribed;
  }

  get published(): number {
    return this.sent;
  }

  async onModuleInit(): Promise<void> {
    this.dataSource.subscribers.push(this.entitySubscriber);
    if (!this.config.redisUrl) return;
    // Publishing never waits for a Redis that is away: a lost message costs freshness, not a request.
    this.publisher = new Redis(this.config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(this.config.redisUrl, {
      maxRetriesPerRequest: null,
      connectionName: `${this.channel}:${this.instanceId}`,
    });
    let lost = false;
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => this.log.warn(`Redis (table writes): ${error.message}`));
    }
    this.subscriber.on('close', () => {
      lost = true;
      this.subscribed = false;
    });
    this.subscriber.on('ready', () => {
      if (!lost) return;
      lost = false;
      void this.subscriber?.subscribe(this.channel).then(
        () => {
          this.notify(ALL_TABLES);
          this.subscribed = true;
        },
        () => this.notify(ALL_TABLES),
      );
    });
    this.subscriber.on('message', (_channel: string, raw: string) => this.heard(raw));
    const subscribed = this.subscriber
      .subscribe(this.channel)
      .then(() => (this.subscribed = true))
      .catch((error: Error) => {
        this.log.warn(`Redis (table writes): not subscribed: ${error.message}`);
      });
    await Promise.race([subscribed, delay(SUBSCRIBE_WAIT_MS, undefined, { ref: false })]);
  }

  async onApplicationShutdown(): Promise<void> {
    const index = this.dataSource.subscribers.indexOf(this.entitySubscriber);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
    const clients = [this.publisher, this.subscriber].filter((client) => client !== undefined);
    this.publisher = this.subscriber = undefined;
    await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
  }

  watch(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private written(table: string, runner: QueryRunner | undefined): void {
    const tables = new Set([table]);
    // Other connections see a transaction's write only at commit: tell everyone again then.
    if (runner?.isTransactionActive) {
      const marked = runner as MarkedQueryRunner;
      (marked.data[PENDING] ??= new Set()).add(table);
      this.notify(tables);
      return;
    }
    this.changed(tables);
  }

  private changed(tables: ReadonlySet<string>): void {
    this.notify(tables);
    if (!this.publisher) return;
    this.sent += 1;
    const message: Message = { from: this.instanceId, seq: this.sent, tables: [...tables] };
    this.publisher
      .publish(this.channel, JSON.stringify(message))
      .catch((error: Error) => this.log.warn(`Redis (table writes): not published: ${error.message}`));
  }

  private heard(raw: string): void {
    const message = parse(raw);
    if (!message || message.from === this.instanceId) return;
    this.notify(new Set(message.tables), { from: message.from, seq: message.seq });
  }

  private notify(tables: ReadonlySet<string>, origin?: WriteOrigin): void {
    for (const listener of this.listeners) listener(tables, origin);
  }
}

/**
 * A cache that forgets what it holds when one of `tables` is written to, on this instance or another: it listens
 * from module start to shutdown, and only while it is on.
 */
export abstract class ForgetsOnWrites implements OnModuleInit, OnApplicationShutdown {
  private stopWatching: (() => void) | undefined;

  protected constructor(
    protected readonly tableWrites: TableWrites,
    private readonly tables: ReadonlySet<string>,
  ) {}

  /** Whether the cache keeps anything at all (its TTL above 0). */
  protected abstract isOn(): boolean;

  /** Forgets every entry, and any load running now is not kept. */
  abstract invalidate(): void;

  onModuleInit(): void {
    if (!this.isOn()) return;
    this.stopWatching = this.tableWrites.watch((tables) => {
      if (touches(tables, (table) => this.tables.has(table))) this.invalidate();
    });
  }

  onApplicationShutdown(): void {
    this.stopWatching?.();
  }
}
