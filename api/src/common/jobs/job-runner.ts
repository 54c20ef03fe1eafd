import type { QueueName, RetryPolicy } from '@fitcoach/contracts';

export interface QueuedJob {
  id: string;
  queue: QueueName;
  name: string;
  payload: unknown;
  attempt: number;
  /** The X-Request-Id of the request that enqueued it, carried into the job's log lines. */
  requestId?: string;
}

export type JobDispatcher = (job: QueuedJob) => Promise<void>;

export interface JobRunnerEvents {
  onCompleted(job: QueuedJob): void;
  onRetrying(job: QueuedJob, error: unknown): void;
  onFailed(job: QueuedJob, error: unknown): void;
}

/** Where jobs wait and run: Bull on Redis, or this process. Both apply the same retry policy. */
export interface JobRunner {
  readonly kind: 'bull' | 'in-process';
  start(dispatch: JobDispatcher, events: JobRunnerEvents): Promise<void>;
  enqueue(job: Omit<QueuedJob, 'attempt'>, delayMs: number): Promise<void>;
  /**
   * Runs the job every `everyMs`, one run at a time across every instance that shares the queue (a Bull
   * repeatable job; in-process, a timer of this process). A run due while the previous one works is skipped.
   */
  repeat(job: Omit<QueuedJob, 'attempt'>, everyMs: number): Promise<void>;
  isHealthy(): Promise<boolean>;
  /** How many jobs of each queue wait (now or later, for a retry) and run: the metrics' queue depth. */
  depth(): Promise<QueueDepth[]>;
  close(): Promise<void>;
}

export interface QueueDepth {
  queue: string;
  waiting: number;
  delayed: number;
  active: number;
}

export const JOB_RUNNER = Symbol('JOB_RUNNER');
export const RETRY_POLICY = Symbol('RETRY_POLICY');

export function backoffDelay(policy: RetryPolicy, failedAttempt: number): number {
  return policy.backoffMs * 2 ** (failedAttempt - 1);
}

export type { RetryPolicy };
