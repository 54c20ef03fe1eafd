import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { JobName, JobOptions, JobPayloads, QueueName } from '@fitcoach/contracts';
import { JOB_LOG_CONTEXT, type JobLogContext, NO_JOB_LOG_CONTEXT } from './job-log-context.js';
import { JOB_RUNNER, type JobRunner, type QueueDepth, type QueuedJob } from './job-runner.js';
import { outboxIdOf } from './outbox-job-id.js';
import { OutboxRepository } from './outbox.repository.js';

/** How long a request waits for the queue to take a job before it goes on without it, so that Redis being away never holds a request (ADR 027). */
export const ENQUEUE_WAIT_MS = 2000;

/**
 * The queue did not take a job in time (Redis away). The job is not dropped: Bull adds it once Redis is back, if
 * this process is still running then. A request that cannot do without it answers 503 (AllExceptionsFilter); jobs
 * that must not be lost go through the outbox instead (docs/decisions/031-jobs-outbox.md).
 */
export class QueueUnavailableError extends Error {
  constructor(name: string, id: string) {
    super(
      `The job queue did not take ${name} ${id} within ${ENQUEUE_WAIT_MS} ms; it is added when the queue is back`,
    );
  }
}

export interface JobContext {
  jobId: string;
  attempt: number;
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N], context: JobContext) => Promise<void>;

interface Registration {
  queue: QueueName;
  handler: (payload: unknown, context: JobContext) => Promise<void>;
}

export interface JobEvents {
  completed: [QueuedJob];
  retrying: [QueuedJob, unknown];
  /** A job's final failure, and who ran its last attempt. */
  failed: [QueuedJob, unknown, JobRunner['kind']];
}

/**
 * The one way to run work outside a request (docs/architecture.md §6). Processors register exactly one
 * handler per job name while modules initialise; `enqueue` hands a typed payload to the runner. The outbox's relay
 * hands its jobs over with `handOver`, or runs them here with `runHere` (docs/decisions/031-jobs-outbox.md).
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly events = new EventEmitter<JobEvents>();
  private readonly logger = new Logger('Jobs');
  private readonly registrations = new Map<string, Registration>();
  private started = false;
  private readonly repeats: (Omit<QueuedJob, 'attempt'> & { everyMs: number })[] = [];

  constructor(
    @Inject(JOB_RUNNER) private readonly runner: JobRunner,
    @Optional() @Inject(JOB_LOG_CONTEXT) private readonly logContext: JobLogContext = NO_JOB_LOG_CONTEXT,
    @Optional() private readonly outbox?: OutboxRepository,
  ) {}

  get runnerKind(): JobRunner['kind'] {
    return this.runner.kind;
  }

  register<N extends JobName>(name: N, queue: QueueName, handler: JobHandler<N>): void {
    if (this.started) throw new Error(`Job handler for "${name}" registered after start-up`);
    if (this.registrations.has(name)) throw new Error(`Job "${name}" already has a handler`);
    this.registrations.set(name, {
      queue,
      handler: (payload, context) => handler(payload as JobPayloads[N], context),
    });
  }

  /** Whether a job name has a handler: a failed job of a name no longer handled cannot run again. */
  handles(name: string): name is JobName {
    return this.registrations.has(name);
  }

  /** The queue of a job name; a name nobody handles throws. */
  queueOf(name: string): QueueName {
    const registration = this.registrations.get(name);
    if (!registration) throw new Error(`No handler is registered for job "${name}"`);
    return registration.queue;
  }

  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: JobOptions = {},
  ): Promise<string> {
    const registration = this.registrations.get(name);
    if (!registration) throw new Error(`No handler is registered for job "${name}"`);
    const id = options.jobId ?? randomUUID();
    const requestId = this.logContext.currentRequestId();
    const adding = this.runner.enqueue(
      { id, queue: registration.queue, name, payload, ...(requestId !== undefined && { requestId }) },
      options.delayMs ?? 0,
    );
    await this.withinWait(adding, name, id);
    return id;
  }

  /**
   * Runs job `name` every `everyMs` from start-up on, once per interval across instances sharing Redis (see
   * JobRunner.repeat). Call it while modules initialise, after `register`.
   */
  repeat<N extends JobName>(name: N, payload: JobPayloads[N], everyMs: number): void {
    if (this.started) throw new Error(`Job "${name}" scheduled after start-up`);
    this.repeats.push({ id: `repeat:${name}`, queue: this.queueOf(name), name, payload, everyMs });
  }

  /**
   * Hands an outbox job to Bull: true once it took it, false when it did not within ENQUEUE_WAIT_MS or refused it
   * (Redis away); Bull may still add it later, and its worker then asks the outbox whether it may run it.
   */
  async handOver(job: Omit<QueuedJob, 'attempt'>): Promise<boolean> {
    if (this.runner.kind !== 'bull') return false;
    try {
      await this.withinWait(this.runner.enqueue(job, 0), job.name, job.id);
      return true;
    } catch (error) {
      if (!(error instanceof QueueUnavailableError)) {
        this.logger.warn(`Job ${job.name} ${job.id} not handed to the queue: ${message(error)}`);
      }
      return false;
    }
  }

  /**
   * Runs a job in this process now, once, with the events and log lines of a queued run; a failure is told as a
   * retry, or as the final failure when `last`, and rejects.
   */
  async runHere(job: QueuedJob, last: boolean): Promise<void> {
    try {
      await this.dispatch(job);
    } catch (error) {
      if (last) this.failed(job, error, 'in-process');
      else this.retrying(job, error);
      throw error;
    }
    this.events.emit('completed', job);
  }

  /** Waits for `adding` at most ENQUEUE_WAIT_MS; past that the request goes on and the addition finishes later. */
  private async withinWait(adding: Promise<void>, name: string, id: string): Promise<void> {
    const stopWaiting = new AbortController();
    const waited = delay(ENQUEUE_WAIT_MS, 'late' as const, { signal: stopWaiting.signal }).catch(
      () => 'added' as const,
    );
    try {
      if ((await Promise.race([adding.then(() => 'added' as const), waited])) === 'added') return;
    } finally {
      stopWaiting.abort();
    }
    adding.then(
      () => this.logger.warn(`Job ${name} ${id} was added late, once the queue was back`),
      (error: unknown) => this.logger.error(`Job ${name} ${id} was never added: ${message(error)}`),
    );
    throw new QueueUnavailableError(name, id);
  }

  /** Jobs waiting, delayed and running, per queue (the metrics' queue depth). */
  depth(): Promise<QueueDepth[]> {
    return this.runner.depth();
  }

  isHealthy(): Promise<boolean> {
    return this.runner.isHealthy();
  }

  async onApplicationBootstrap(): Promise<void> {
    this.started = true;
    await this.runner.start((job) => this.dispatchQueued(job), {
      onCompleted: (job) => this.events.emit('completed', job),
      onRetrying: (job, error) => this.retrying(job, error),
      onFailed: (job, error) => this.failed(job, error, this.runner.kind),
    });
    for (const { everyMs, ...job } of this.repeats) await this.runner.repeat(job, everyMs);
    this.logger.log(`Job runner: ${this.runner.kind}, ${this.registrations.size} job type(s)`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner.close();
  }

  private retrying(job: QueuedJob, error: unknown): void {
    this.inContext(job, () =>
      this.logger.warn(
        `Job ${job.name} ${job.id} failed on attempt ${job.attempt}, will retry: ${message(error)}`,
      ),
    );
    this.events.emit('retrying', job, error);
  }

  private failed(job: QueuedJob, error: unknown, runner: JobRunner['kind']): void {
    this.inContext(job, () =>
      this.logger.error(
        `Job ${job.name} ${job.id} failed after ${job.attempt} attempt(s): ${message(error)}`,
      ),
    );
    this.events.emit('failed', job, error, runner);
  }

  /**
   * A job the runner took from its queue. An outbox job runs only if no relay runs it in-process: Bull may add one
   * late, after a relay that waited in vain ran it itself (docs/decisions/031-jobs-outbox.md).
   */
  private async dispatchQueued(job: QueuedJob): Promise<void> {
    const outboxId = outboxIdOf(job.id);
    if (outboxId !== undefined && this.outbox && !(await this.outbox.takeForBull(outboxId, new Date()))) {
      this.inContext(job, () => this.logger.log(`Job ${job.name} ${job.id} ran in-process already: skipped`));
      return;
    }
    await this.dispatch(job);
  }

  private async dispatch(job: QueuedJob): Promise<void> {
    const registration = this.registrations.get(job.name);
    if (!registration) throw new Error(`No handler is registered for job "${job.name}"`);
    await this.inContext(job, () =>
      registration.handler(job.payload, { jobId: job.id, attempt: job.attempt }),
    );
  }

  /** Runs `fn` so that its log lines carry the job and the id of the request that enqueued it. */
  private inContext<T>(job: QueuedJob, fn: () => T): T {
    return this.logContext.run(
      {
        ...(job.requestId !== undefined && { requestId: job.requestId }),
        job: { id: job.id, name: job.name, attempt: job.attempt },
      },
      fn,
    );
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
