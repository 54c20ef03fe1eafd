import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { ResponseCache } from './response-cache.js';

/**
 * Signed-in callers may see more (their own unpublished programmes), so they get a fresh answer. Listed after
 * PaginatedResponse so the paging headers are set from the cached page.
 */
@Injectable()
export class CacheForAnonymous implements NestInterceptor {
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

/** For reads whose answer does not depend on who asks; the guards still check every token first. */
@Injectable()
export class CacheForEveryone extends CacheForAnonymous {
  protected override readonly everyone = true;
}
