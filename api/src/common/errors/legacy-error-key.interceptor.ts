import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { catchError, type Observable, throwError } from 'rxjs';

/**
 * Copies an error's `message` into the key the spec's client reads on this route (docs/product.md §8:
 * `error_message` on register, `detail` on tokens). Interceptors wrap pipes, so validation failures get the key
 * as well.
 */
@Injectable()
export class LegacyErrorKey implements NestInterceptor {
  constructor(private readonly key: 'error_message' | 'detail') {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (!(error instanceof HttpException) || error.getStatus() >= 500) return throwError(() => error);
        const response = error.getResponse();
        const body =
          typeof response === 'string' ? { message: response } : (response as Record<string, unknown>);
        if (body[this.key] !== undefined) return throwError(() => error);
        const message = Array.isArray(body.message) ? body.message.join('; ') : body.message;
        return throwError(() => new HttpException({ ...body, [this.key]: message }, error.getStatus()));
      }),
    );
  }
}
