import { Column, Entity } from 'typeorm';
import type { QueueName } from '@fitcoach/contracts';
import { RowEntity } from '../database/row.entity.js';

/**
 * A dead letter (docs/decisions/035-dead-letters-and-bounded-waits.md): a job that failed its last attempt, on Bull,
 * in-process or relayed from the outbox, kept with what it needs to run again.
 */
@Entity({ name: 'failed_job' })
export class FailedJobEntity extends RowEntity {
  @Column({ type: 'varchar', length: 20 })
  queue: QueueName;

  @Column({ name: 'job_name', type: 'varchar', length: 60 })
  jobName: string;

  @Column({ name: 'job_id', type: 'varchar', length: 191 })
  jobId: string;

  @Column({ type: 'varchar', length: 20 })
  runner: 'bull' | 'in-process';

  /** The job's payload as JSON; emptied (`{}`) once queued again, as the outbox does once it dispatched a job. */
  @Column({ type: 'text' })
  payload: string;

  @Column({ name: 'request_id', type: 'varchar', length: 100, nullable: true })
  requestId: string | null;

  @Column({ type: 'integer' })
  attempts: number;

  @Column({ name: 'last_error', type: 'text' })
  lastError: string;

  @Column({ name: 'retried_at', type: 'datetime', precision: 3, nullable: true })
  retriedAt: Date | null;
}
