import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { type Observable, tap } from 'rxjs';

/** Text written into HTML the API renders itself (mails, receipts): names and titles are user input. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Sends what the handler returns as an HTML page under its own Content-Security-Policy. Set on success only: a
 * refusal stays the JSON error every route answers with.
 */
export class HtmlPage implements NestInterceptor {
  constructor(private readonly policy: string) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      tap(() => {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Content-Security-Policy', this.policy);
      }),
    );
  }
}
