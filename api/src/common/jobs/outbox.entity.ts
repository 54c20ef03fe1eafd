import { Column, Entity } from 'typeorm';
import type { QueueName } from '@fitcoach/contracts';
import { RowEntity } from '../database/row.entity.js';

/** Who runs an outbox job: Bull's worker, or a relay in its own process (docs/decisions/031-jobs-outbox.md). */
export type OutboxRunner = 'bull' | 'in-process';

/**
 * A job that must not be lost, written in the transaction of the change that caused it and moved on by the relay
 * (docs/decisions/031-jobs-outbox.md). `claimedUntil` is a relay's claim on the row or, after a failed run, the
 * end of its backoff; `runner` says who won the right to run it, so a job is never run both by Bull and in-process.
 */
@Entity({ name: 'outbox' })
export class OutboxEntity extends RowEntity {
  @Column({ type: 'varchar', length: 20 })
  queue: QueueName;

  @Column({ name: 'job_name', type: 'varchar', length: 60 })
  jobName: string;

  /** The job's payload as JSON; emptied (`{}`) once dispatched, so a link's token does not stay in the database. */
  @Column({ type: 'text' })
  payload: string;

  @Column({ name: 'dedupe_key', type: 'varchar', length: 191, nullable: true })
  dedupeKey: string | null;

  /** The X-Request-Id of the request that wrote it, carried into the job's log lines. */
  @Column({ name: 'request_id', type: 'varchar', length: 100, nullable: true })
  requestId: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  runner: OutboxRunner | null;

  /** How many times a relay took the row. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'claimed_until', type: 'datetime', precision: 3, nullable: true })
  claimedUntil: Date | null;

  /** When Bull took the job or it ran in-process; null until then. */
  @Column({ name: 'dispatched_at', type: 'datetime', precision: 3, nullable: true })
  dispatchedAt: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;
}
