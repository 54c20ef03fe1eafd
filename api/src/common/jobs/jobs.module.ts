import { type DynamicModule, Global, Module, type Provider } from '@nestjs/common';
import { BullModule, getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { DEFAULT_RETRY_POLICY, QUEUE_NAMES, type QueueName, type RetryPolicy } from '@fitcoach/contracts';
import { BullJobRunner } from './bull-job-runner.js';
import { FailedJobRecorder } from './failed-job.recorder.js';
import { FailedJobRepository } from './failed-job.repository.js';
import { InProcessJobRunner } from './in-process-job-runner.js';
import { LogContext } from '../logging/log-context.js';
import { JOB_LOG_CONTEXT, type JobLogContext } from './job-log-context.js';
import { JOB_RUNNER, RETRY_POLICY } from './job-runner.js';
import { JobsService } from './jobs.service.js';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxService } from './outbox.service.js';

/**
 * The outbox of jobs that must not be lost (docs/decisions/031-jobs-outbox.md) and the dead letters of jobs that
 * failed for good (docs/decisions/035-dead-letters-and-bounded-waits.md), beside either runner.
 */
const KEPT_JOBS = [OutboxRepository, OutboxRelay, OutboxService, FailedJobRepository, FailedJobRecorder];
const EXPORTS = [JobsService, OutboxService, FailedJobRepository];

export interface JobsModuleOptions {
  redisUrl?: string;
  /** Redis key prefix: instances of one deployment share it; separate test runs do not. */
  prefix?: string;
  retryPolicy?: RetryPolicy;
}

/**
 * Bull queues when REDIS_URL is set, otherwise the in-process runner, behind the same JobsService; the outbox and
 * its relay with either.
 */
@Global()
@Module({})
export class JobsModule {
  static register(options: JobsModuleOptions): DynamicModule {
    const policy: Provider = { provide: RETRY_POLICY, useValue: options.retryPolicy ?? DEFAULT_RETRY_POLICY };
    const logContext: Provider = {
      provide: JOB_LOG_CONTEXT,
      inject: [LogContext],
      useFactory: (context: LogContext): JobLogContext => context,
    };
    if (!options.redisUrl) {
      return {
        module: JobsModule,
        providers: [
          policy,
          logContext,
          {
            provide: JOB_RUNNER,
            inject: [RETRY_POLICY],
            useFactory: (retry: RetryPolicy) => new InProcessJobRunner(retry),
          },
          JobsService,
          ...KEPT_JOBS,
        ],
        exports: EXPORTS,
      };
    }
    return {
      module: JobsModule,
      imports: [
        BullModule.forRoot({ url: options.redisUrl, prefix: options.prefix ?? 'fitcoach' }),
        BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
      ],
      providers: [
        policy,
        logContext,
        {
          provide: JOB_RUNNER,
          inject: [RETRY_POLICY, ...QUEUE_NAMES.map((name) => getQueueToken(name))],
          useFactory: (retry: RetryPolicy, ...queues: Queue[]) =>
            new BullJobRunner(
              Object.fromEntries(QUEUE_NAMES.map((name, i) => [name, queues[i]])) as Record<QueueName, Queue>,
              retry,
            ),
        },
        JobsService,
        ...KEPT_JOBS,
      ],
      exports: EXPORTS,
    };
  }
}
