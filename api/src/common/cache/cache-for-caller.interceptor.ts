import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { callerAnswerKey, markShared } from './fast-lane.js';

/**
 * Keeps a signed-in caller's read for that caller alone (docs/decisions/041): the fast lane sends the same bytes
 * again to a request with the very same credentials, once its token checks out, for SIGNED_IN_CACHE_MS or until
 * the next write through the app. For reads whose answer depends only on the data and on who asks.
 */
@Injectable()
export class CacheForCaller implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { user?: unknown }>();
    const key = req.method === 'GET' && req.user !== undefined ? callerAnswerKey(req) : undefined;
    if (key) markShared(http.getResponse<Response>(), { key, audience: 'caller' });
    return next.handle();
  }
}
