import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { type Observable, throwError, timeout } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** A request that took longer than REQUEST_TIMEOUT_MS: answered 503 (AllExceptionsFilter). */
export class RequestTimeoutError extends Error {
  constructor(method: string, path: string, ms: number) {
    super(`${method} ${path} took longer than ${ms} ms (REQUEST_TIMEOUT_MS)`);
  }
}

/**
 * Bounds every API request (docs/decisions/035-dead-letters-and-bounded-waits.md): past REQUEST_TIMEOUT_MS, counted
 * from the end of the guards, the caller gets its answer, 503, instead of waiting on. The work itself is not
 * stopped: what it writes still commits, as when a client goes away.
 */
@Injectable()
export class RequestTimeout implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const { method, path } = context.switchToHttp().getRequest<{ method: string; path: string }>();
    const ms = this.config.requestTimeoutMs;
    return next
      .handle()
      .pipe(timeout({ first: ms, with: () => throwError(() => new RequestTimeoutError(method, path, ms)) }));
  }
}
