import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { ResponseCache } from './response-cache.js';

/**
 * Serves a public read's result from the ResponseCache to visitors who send no token: they all get the same
 * answer. Signed-in callers may see more (their own unpublished programmes) and always get a fresh one.
 * Listed after PaginatedResponse so the paging headers are set from the cached page on every answer.
 */
@Injectable()
export class CacheForAnonymous implements NestInterceptor {
  /** Whether signed-in callers get the shared answer too (after their token was checked). */
  protected readonly everyone: boolean = false;

  constructor(private readonly cache: ResponseCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { user?: unknown }>();
    if (req.method !== 'GET') return next.handle();
    if (!this.everyone && (req.user || req.headers.authorization !== undefined)) return next.handle();
    return from(
      this.cache.remember(`api ${req.originalUrl}`, async () => ({
        value: (await lastValueFrom(next.handle())) as object,
        cacheable: true,
      })),
    );
  }
}

/**
 * As CacheForAnonymous, for reads whose answer does not depend on who asks (the published catalogue's pages):
 * signed-in callers share it too. Their token is still checked first, by the guards, on every request.
 */
@Injectable()
export class CacheForEveryone extends CacheForAnonymous {
  protected override readonly everyone = true;
}
