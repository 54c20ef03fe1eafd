import { PinoLogger } from 'nestjs-pino';

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

/** nestjs-pino's: pino-http binds each request's logger with `req.id`, and `runInContext` opens a context. */
export function pinoJobLogContext(pino: PinoLogger): JobLogContext {
  return {
    currentRequestId: () => {
      const bindings = pino.logger.bindings() as { req?: { id?: unknown }; requestId?: unknown };
      const id = bindings.req?.id ?? bindings.requestId;
      return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
    },
    run: (bindings, fn) => pino.runInContext(fn, { bindings }),
  };
}
