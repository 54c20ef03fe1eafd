import { Logger } from '@nestjs/common';
import {
  backoffDelay,
  type JobDispatcher,
  type JobRunner,
  type JobRunnerEvents,
  type QueueDepth,
  type QueuedJob,
  type RetryPolicy,
} from './job-runner.js';

/** How many job ids are remembered to drop duplicate deliveries. */
const REMEMBERED_IDS = 10_000;

/**
 * Runs jobs inside this process when no Redis is configured (the embedded default), with Bull's
 * semantics: payloads are copied as JSON, a job id is run once, failures retry with exponential backoff.
 */
export class InProcessJobRunner implements JobRunner {
  readonly kind = 'in-process';
  private readonly logger = new Logger('Jobs');
  private readonly seenIds = new Set<string>();
  /** Each scheduled job's timer, with its queue and whether it waits for a retry (delayed) or its first run. */
  private readonly timers = new Map<NodeJS.Timeout, { queue: string; delayed: boolean }>();
  private readonly running = new Map<Promise<void>, string>();
  private readonly repeaters = new Set<NodeJS.Timeout>();
  private dispatch?: JobDispatcher;
  private events?: JobRunnerEvents;
  private closed = false;

  constructor(private readonly policy: RetryPolicy) {}

  async start(dispatch: JobDispatcher, events: JobRunnerEvents): Promise<void> {
    this.dispatch = dispatch;
    this.events = events;
  }

  async enqueue(job: Omit<QueuedJob, 'attempt'>, delayMs: number): Promise<void> {
    if (this.seenIds.has(job.id)) return;
    this.remember(job.id);
    this.schedule({ ...job, payload: JSON.parse(JSON.stringify(job.payload ?? null)), attempt: 1 }, delayMs);
  }

  async repeat(job: Omit<QueuedJob, 'attempt'>, everyMs: number): Promise<void> {
    let previous: Promise<void> | undefined;
    const timer = setInterval(() => {
      if (this.closed || previous) return;
      const run = this.run({ ...job, attempt: 1 }, false).finally(() => {
        this.running.delete(run);
        previous = undefined;
      });
      previous = run;
      this.running.set(run, job.queue);
    }, everyMs).unref();
    this.repeaters.add(timer);
  }

  async isHealthy(): Promise<boolean> {
    return !this.closed;
  }

  async depth(): Promise<QueueDepth[]> {
    const depths = new Map<string, QueueDepth>();
    const of = (queue: string) => {
      const depth = depths.get(queue) ?? { queue, waiting: 0, delayed: 0, active: 0 };
      depths.set(queue, depth);
      return depth;
    };
    for (const { queue, delayed } of this.timers.values()) of(queue)[delayed ? 'delayed' : 'waiting'] += 1;
    for (const queue of this.running.values()) of(queue).active += 1;
    return [...depths.values()];
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timers.size > 0) {
      this.logger.warn(`${this.timers.size} waiting job(s) dropped at shutdown`);
    }
    for (const timer of this.timers.keys()) clearTimeout(timer);
    for (const timer of this.repeaters) clearInterval(timer);
    this.repeaters.clear();
    this.timers.clear();
    await Promise.allSettled([...this.running.keys()]);
  }

  private remember(id: string): void {
    this.seenIds.add(id);
    if (this.seenIds.size > REMEMBERED_IDS) {
      const oldest = this.seenIds.values().next().value;
      if (oldest !== undefined) this.seenIds.delete(oldest);
    }
  }

  private schedule(job: QueuedJob, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = this.run(job).finally(() => this.running.delete(run));
      this.running.set(run, job.queue);
    }, delayMs);
    this.timers.set(timer, { queue: job.queue, delayed: delayMs > 0 });
  }

  /** A repeated job's run (`retry` false) is not retried: the next run comes soon and does the same work. */
  private async run(job: QueuedJob, retry = true): Promise<void> {
    if (!this.dispatch || !this.events) throw new Error('The job runner was not started');
    try {
      await this.dispatch(job);
      this.events.onCompleted(job);
    } catch (error) {
      if (retry && job.attempt < this.policy.attempts) {
        this.events.onRetrying(job, error);
        this.schedule({ ...job, attempt: job.attempt + 1 }, backoffDelay(this.policy, job.attempt));
      } else {
        this.events.onFailed(job, error);
      }
    }
  }
}
