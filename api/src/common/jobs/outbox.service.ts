import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import type { JobName, JobPayloads } from '@fitcoach/contracts';
import { JOB_LOG_CONTEXT, type JobLogContext, NO_JOB_LOG_CONTEXT } from './job-log-context.js';
import { JobsService } from './jobs.service.js';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxRepository } from './outbox.repository.js';

const ADDED = Symbol('fitcoach:outbox-added');

type MarkedQueryRunner = QueryRunner & { data: { [ADDED]?: true } };

export interface OutboxOptions {
  /**
   * The job's natural key (a webhook event id, a verification link id): a second row with the same key is not
   * written, so a replay of the change adds nothing.
   */
  dedupeKey?: string;
}

/**
 * The jobs that must not be lost (docs/decisions/031-jobs-outbox.md): `add` writes the job as an outbox row with
 * the caller's transaction, so the job exists if and only if the change committed, and the relay is woken once that
 * transaction commits.
 */
@Injectable()
export class OutboxService implements OnModuleInit, OnApplicationShutdown {
  private readonly commits: EntitySubscriberInterface = {
    afterTransactionCommit: (event) => {
      const runner = event.queryRunner as MarkedQueryRunner;
      if (!runner.data[ADDED]) return;
      delete runner.data[ADDED];
      this.relay.wake();
    },
    afterTransactionRollback: (event) => {
      delete (event.queryRunner as MarkedQueryRunner).data[ADDED];
    },
  };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rows: OutboxRepository,
    private readonly relay: OutboxRelay,
    private readonly jobs: JobsService,
    @Optional() @Inject(JOB_LOG_CONTEXT) private readonly logContext: JobLogContext = NO_JOB_LOG_CONTEXT,
  ) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this.commits);
  }

  onApplicationShutdown(): void {
    const index = this.dataSource.subscribers.indexOf(this.commits);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
  }

  /** Writes the job with `manager`'s transaction; false when its dedupe key was written before. */
  async add<N extends JobName>(
    manager: EntityManager,
    name: N,
    payload: JobPayloads[N],
    options: OutboxOptions = {},
  ): Promise<boolean> {
    const added = await this.rows.insert(manager, this.row(name, payload, options));
    this.added(manager, added ? 1 : 0);
    return added;
  }

  /**
   * Writes many jobs of one name with `manager`'s transaction, with one statement unless a dedupe key was written
   * before; returns how many were written. A job per member of a batch (the reminders) costs one insert, not one each.
   */
  async addMany<N extends JobName>(
    manager: EntityManager,
    name: N,
    jobs: { payload: JobPayloads[N]; options?: OutboxOptions }[],
  ): Promise<number> {
    const added = await this.rows.insertMany(
      manager,
      jobs.map(({ payload, options }) => this.row(name, payload, options)),
    );
    this.added(manager, added);
    return added;
  }

  private row<N extends JobName>(name: N, payload: JobPayloads[N], options: OutboxOptions = {}) {
    return {
      queue: this.jobs.queueOf(name),
      jobName: name,
      payload: JSON.stringify(payload),
      dedupeKey: options.dedupeKey ?? null,
      requestId: this.logContext.currentRequestId() ?? null,
    };
  }

  /** Wakes the relay once the transaction commits, or now without one. */
  private added(manager: EntityManager, count: number): void {
    if (count === 0) return;
    const runner = manager.queryRunner as MarkedQueryRunner | undefined;
    if (runner?.isTransactionActive) runner.data[ADDED] = true;
    else this.relay.wake();
  }
}
