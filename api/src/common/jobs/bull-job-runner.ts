import { Logger } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { QUEUE_NAMES, type QueueName } from '@fitcoach/contracts';
import { ConfigError } from '../config/app-config.js';
import type {
  JobDispatcher,
  JobRunner,
  JobRunnerEvents,
  QueueDepth,
  QueuedJob,
  RetryPolicy,
} from './job-runner.js';

const PING_TIMEOUT_MS = 3000;
const CONCURRENCY = 5;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Runs jobs through the Bull queues `mail` and `payments` on Redis (REDIS_URL). */
export class BullJobRunner implements JobRunner {
  readonly kind = 'bull';
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly queues: Record<QueueName, Queue>,
    private readonly policy: RetryPolicy,
  ) {}

  async start(dispatch: JobDispatcher, events: JobRunnerEvents): Promise<void> {
    try {
      await withTimeout(this.queues.mail.client.ping(), PING_TIMEOUT_MS);
    } catch (error) {
      throw new ConfigError(`Cannot reach Redis at REDIS_URL: ${(error as Error).message}`);
    }
    for (const queueName of QUEUE_NAMES) {
      const queue = this.queues[queueName];
      const toJob = (job: Job): QueuedJob => ({
        id: String(job.id),
        queue: queueName,
        name: job.name,
        ...unwrap(job.data),
        attempt: job.attemptsMade + 1,
      });
      queue.on('completed', (job: Job) => events.onCompleted(toJob(job)));
      queue.on('failed', (job: Job, error: Error) => {
        const failed = { ...toJob(job), attempt: job.attemptsMade };
        if (job.attemptsMade < (job.opts.attempts ?? 1)) events.onRetrying(failed, error);
        else events.onFailed(failed, error);
      });
      void queue
        .process('*', CONCURRENCY, (job: Job) => dispatch(toJob(job)))
        .catch((error: unknown) => {
          this.logger.error(`Queue ${queueName} stopped processing: ${String(error)}`);
        });
    }
  }

  async enqueue(job: Omit<QueuedJob, 'attempt'>, delayMs: number): Promise<void> {
    await this.queues[job.queue].add(job.name, wrap(job), {
      jobId: job.id,
      delay: delayMs,
      attempts: this.policy.attempts,
      backoff: { type: 'exponential', delay: this.policy.backoffMs },
      removeOnComplete: 1000,
      removeOnFail: false,
    });
  }

  async repeat(job: Omit<QueuedJob, 'attempt'>, everyMs: number): Promise<void> {
    // Bull keys a repeatable job by name, id and interval: every instance adding it adds one schedule.
    await this.queues[job.queue].add(job.name, wrap(job), {
      jobId: job.id,
      repeat: { every: everyMs },
      attempts: 1,
      removeOnComplete: true,
      removeOnFail: 100,
    });
  }

  async isHealthy(): Promise<boolean> {
    try {
      const answers = await Promise.all(
        QUEUE_NAMES.map((name) => withTimeout(this.queues[name].client.ping(), PING_TIMEOUT_MS)),
      );
      return answers.every((answer) => answer === 'PONG');
    } catch {
      return false;
    }
  }

  async depth(): Promise<QueueDepth[]> {
    return Promise.all(
      QUEUE_NAMES.map(async (queue) => {
        const counts = await withTimeout(this.queues[queue].getJobCounts(), PING_TIMEOUT_MS);
        return { queue, waiting: counts.waiting, delayed: counts.delayed, active: counts.active };
      }),
    );
  }

  async close(): Promise<void> {
    await Promise.allSettled(QUEUE_NAMES.map((name) => this.queues[name].close()));
  }
}

/**
 * A job's data in Redis: its payload with the id of the request that enqueued it. Jobs queued before that was kept
 * have their payload as data, and still run.
 */
interface Envelope {
  fitcoachJob: 1;
  payload: unknown;
  requestId?: string;
}

function wrap(job: Omit<QueuedJob, 'attempt'>): Envelope {
  return {
    fitcoachJob: 1,
    payload: job.payload,
    ...(job.requestId !== undefined && { requestId: job.requestId }),
  };
}

function unwrap(data: unknown): Pick<QueuedJob, 'payload' | 'requestId'> {
  if (typeof data === 'object' && data !== null && (data as Partial<Envelope>).fitcoachJob === 1) {
    const { payload, requestId } = data as Envelope;
    return { payload, ...(typeof requestId === 'string' && { requestId }) };
  }
  return { payload: data };
}
