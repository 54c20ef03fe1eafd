import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { type HttpLogger, pinoHttp, type Options } from 'pino-http';

interface Scope {
  logger: Logger;
  requestId?: string;
}

/**
 * Which pino logger a line goes to: the one of the request or job under way, found through AsyncLocalStorage so
 * that it follows every `await`, else the root logger. A request's logger carries `req` (pino-http's); a context
 * opened with `run` carries its bindings, and its `requestId` binding is the request id its work belongs to.
 */
export class LogContext {
  private readonly scopes = new AsyncLocalStorage<Scope>();
  private readonly http: HttpLogger;

  constructor(options: Options) {
    this.http = pinoHttp(options);
  }

  /** The logger of the current request or job, else the root logger. */
  get logger(): Logger {
    return this.scopes.getStore()?.logger ?? this.http.logger;
  }

  /** The id of the request whose handling is under way (X-Request-Id), outside a request undefined. */
  currentRequestId(): string | undefined {
    return this.scopes.getStore()?.requestId;
  }

  /** Runs `fn` so that every log line made inside it carries `bindings`, on the root logger, not the caller's. */
  run<T>(bindings: Record<string, unknown>, fn: () => T): T {
    const requestId = typeof bindings.requestId === 'string' ? bindings.requestId : undefined;
    return this.scopes.run({ logger: this.http.logger.child(bindings), requestId }, fn);
  }

  /** Express middleware: logs the request when its answer ends and handles it in a context of its own. */
  readonly middleware = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    this.http(req, res);
    this.scopes.run({ logger: req.log, requestId: String(req.id) }, next);
  };
}
