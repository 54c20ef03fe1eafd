import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Observable, throwError, timeout } from 'rxjs';
import { APP_CONFIG, type AppConfig, type RequestTimeoutsConfig } from '../config/app-config.js';

/** The kinds of route, each with its own bound (AppConfig.requestTimeouts). */
export type RequestBoundKind = keyof RequestTimeoutsConfig;

const REQUEST_BOUND = 'fitcoach:request-bound';

/** Where each bound is set, for the log line of a request that reached it. */
const BOUND_SETTING: Record<RequestBoundKind, string> = {
  api: 'REQUEST_TIMEOUT_MS',
  upload: 'UPLOAD_TIMEOUT_MS',
  payment: 'PAYMENT_TIMEOUT_MS',
  health: 'the health probes',
};

/** Gives a route (or every route of a controller) the bound of its kind instead of REQUEST_TIMEOUT_MS. */
export const RequestBound = (kind: RequestBoundKind) => SetMetadata(REQUEST_BOUND, kind);

/** A request that took longer than its route's bound: answered 503 (AllExceptionsFilter). */
export class RequestTimeoutError extends Error {
  constructor(method: string, path: string, ms: number, kind: RequestBoundKind) {
    super(`${method} ${path} took longer than ${ms} ms (${BOUND_SETTING[kind]})`);
  }
}

/**
 * Bounds every API request (docs/decisions/035-dead-letters-and-bounded-waits.md,
 * docs/decisions/037-per-route-timeouts.md): past its route's bound, counted from the end of the guards, the caller
 * gets its answer, 503, instead of waiting on. The work itself is not stopped: what it writes still commits, as when
 * a client goes away.
 */
@Injectable()
export class RequestTimeout implements NestInterceptor {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const { method, path } = context.switchToHttp().getRequest<{ method: string; path: string }>();
    const kind =
      this.reflector.getAllAndOverride<RequestBoundKind | undefined>(REQUEST_BOUND, [
        context.getHandler(),
        context.getClass(),
      ]) ?? 'api';
    const ms = this.config.requestTimeouts[kind];
    return next
      .handle()
      .pipe(
        timeout({ first: ms, with: () => throwError(() => new RequestTimeoutError(method, path, ms, kind)) }),
      );
  }
}
