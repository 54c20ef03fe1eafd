export const QUEUE_NAMES = ['mail', 'payments', 'reminders', 'push'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/**
 * Job names and payload types: an interface, so each feature registers its own jobs by declaration merging
 * (`declare module '@fitcoach/contracts' { interface JobPayloads { ... } }`) and `JobsService.enqueue` is typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- only an interface can be extended by declaration merging; entries are added by the modules that own the jobs
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

export interface JobOptions {
  // Idempotency key: a second job with the same id is not run again (docs/architecture.md §6).
  jobId?: string;
  delayMs?: number;
}

export interface RetryPolicy {
  attempts: number;
  // Base of the exponential backoff: the n-th retry waits backoffMs * 2^(n-1).
  backoffMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({ attempts: 5, backoffMs: 2000 });
