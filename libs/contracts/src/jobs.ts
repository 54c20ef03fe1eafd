export const QUEUE_NAMES = ['mail', 'payments'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/**
 * The registry of job names and their payload types. It is an interface (not a type alias) so that each feature
 * registers its own jobs next to its processor through declaration merging, without this library knowing them:
 *
 *   declare module '@fitcoach/contracts' {
 *     interface JobPayloads {
 *       'mail.verify': { userId: number; token: string };
 *     }
 *   }
 *
 * `JobsService.enqueue(name, payload)` is typed from it, so a misspelt name or a wrong payload fails to compile.
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
