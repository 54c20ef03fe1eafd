import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  filters?: Record<string, string | undefined>;
}

/**
 * Lists stay plain arrays for the spec's client (docs/api.md: paged lists). Links echo only the filters applied, so
 * a request cannot make the headers as large as its URL.
 */
@Injectable()
export class PaginatedResponse implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    return next.handle().pipe(
      map((page: Page<unknown>) => {
        const lastPage = Math.max(1, Math.ceil(page.total / page.pageSize));
        const link = (n: number, rel: string) => {
          const query = new URLSearchParams();
          for (const [name, value] of Object.entries(page.filters ?? {})) {
            if (value !== undefined) query.set(name, value);
          }
          query.set('page', String(n));
          query.set('page_size', String(page.pageSize));
          return `<${req.baseUrl}${req.path}?${query}>; rel="${rel}"`;
        };
        const links = [link(1, 'first'), link(lastPage, 'last')];
        if (page.page > 1) links.push(link(page.page - 1, 'prev'));
        if (page.page < lastPage) links.push(link(page.page + 1, 'next'));
        res.setHeader('X-Total-Count', String(page.total));
        res.setHeader('Link', links.join(', '));
        return page.items;
      }),
    );
  }
}
