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

export type RequestBoundKind = keyof RequestTimeoutsConfig;

const REQUEST_BOUND = 'fitcoach:request-bound';

const BOUND_SETTING: Record<RequestBoundKind, string> = {
  api: 'REQUEST_TIMEOUT_MS',
  upload: 'UPLOAD_TIMEOUT_MS',
  payment: 'PAYMENT_TIMEOUT_MS',
  health: 'the health probes',
};

export const RequestBound = (kind: RequestBoundKind) => SetMetadata(REQUEST_BOUND, kind);

export class RequestTimeoutError extends Error {
  constructor(method: string, path: string, ms: number, kind: RequestBoundKind) {
    super(`${method} ${path} took longer than ${ms} ms (${BOUND_SETTING[kind]})`);
  }
}

/** The work itself is not stopped: what it writes still commits, as when a client goes away (ADR 035, ADR 037). */
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
