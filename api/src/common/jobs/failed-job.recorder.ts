import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { JobRunner, QueuedJob } from './job-runner.js';
import { FailedJobRepository } from './failed-job.repository.js';
import { JobsService } from './jobs.service.js';

/** The longest error text kept: a stack or a server's answer can be long, and the list shows it whole. */
const FAILED_JOB_ERROR_MAX_LENGTH = 2000;

/**
 * Keeps every job's final failure (docs/decisions/035-dead-letters-and-bounded-waits.md): Bull's, the in-process
 * runner's and the outbox relay's all reach JobsService's `failed` event, and each becomes a `failed_job` row that
 * superusers list and queue again. A failure that cannot be recorded (the database away) stays in the log only.
 */
@Injectable()
export class FailedJobRecorder implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly pending = new Set<Promise<void>>();
  private readonly onFailed = (job: QueuedJob, error: unknown, runner: JobRunner['kind']) => {
    const recording = this.record(job, error, runner).finally(() => this.pending.delete(recording));
    this.pending.add(recording);
  };

  constructor(
    private readonly jobs: JobsService,
    private readonly rows: FailedJobRepository,
  ) {}

  onModuleInit(): void {
    this.jobs.events.on('failed', this.onFailed);
  }

  async onApplicationShutdown(): Promise<void> {
    this.jobs.events.off('failed', this.onFailed);
    await Promise.allSettled([...this.pending]);
  }

  /** The recordings under way, for tests: resolves once every failure so far is a row. */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private async record(job: QueuedJob, error: unknown, runner: JobRunner['kind']): Promise<void> {
    try {
      await this.rows.record({
        queue: job.queue,
        jobName: job.name,
        jobId: job.id,
        runner,
        payload: JSON.stringify(job.payload ?? null),
        requestId: job.requestId ?? null,
        attempts: job.attempt,
        lastError: (error instanceof Error ? error.message : String(error)).slice(
          0,
          FAILED_JOB_ERROR_MAX_LENGTH,
        ),
      });
    } catch (failure) {
      this.logger.error(`Job ${job.name} ${job.id}'s final failure was not recorded: ${String(failure)}`);
    }
  }
}
