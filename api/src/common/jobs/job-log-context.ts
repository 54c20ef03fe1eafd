/**
 * How jobs reach the structured logs: the id of the request that enqueues a job is kept with the job, and the job
 * runs in a logging context of its own whose every line carries that `requestId` and the job's id, name and
 * attempt, whichever instance runs it (docs/operations.md, "Operating it": logs).
 */
export interface JobLogContext {
  /** The id of the request whose handling is under way (X-Request-Id), outside a request undefined. */
  currentRequestId(): string | undefined;
  /** Runs `fn` so that every log line made inside it carries `bindings`. */
  run<T>(bindings: Record<string, unknown>, fn: () => T): T;
}

export const JOB_LOG_CONTEXT = Symbol('JOB_LOG_CONTEXT');

/** For a JobsService made without Nest (unit tests): no request ids, no bindings. */
export const NO_JOB_LOG_CONTEXT: JobLogContext = {
  currentRequestId: () => undefined,
  run: (_bindings, fn) => fn(),
};
