import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { ApiFieldError } from '@fitcoach/contracts';
import { catchError, type Observable, throwError } from 'rxjs';

/**
 * Adds the Django REST framework shape `{field: [messages]}` next to our `errors` list, because the spec's lesson
 * form toasts `video_url[0]` of a refused lesson (docs/product.md §8). Interceptors wrap pipes and the upload
 * interceptor, so validation and image failures get the keys too.
 */
@Injectable()
export class FieldErrorLists implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (!(error instanceof HttpException)) return throwError(() => error);
        const response = error.getResponse();
        if (typeof response !== 'object' || response === null) return throwError(() => error);
        const body = response as Record<string, unknown>;
        if (!Array.isArray(body.errors)) return throwError(() => error);
        const lists: Record<string, string[]> = {};
        for (const { field, message } of body.errors as ApiFieldError[]) {
          // A key the error already has (`message`, `statusCode`, ...) is never overwritten by a field's list.
          if (body[field] !== undefined) continue;
          (lists[field] ??= []).push(message);
        }
        return throwError(() => new HttpException({ ...body, ...lists }, error.getStatus()));
      }),
    );
  }
}
