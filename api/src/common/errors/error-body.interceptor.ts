import { type CallHandler, type ExecutionContext, HttpException, type NestInterceptor } from '@nestjs/common';
import { catchError, type Observable, throwError } from 'rxjs';

/**
 * Adds keys to the body of a refusal (a 4xx HttpException) on its way out; a server error passes untouched.
 * Interceptors wrap pipes and upload interceptors, so validation and image failures get the keys too.
 */
export abstract class ErrorBodyInterceptor implements NestInterceptor {
  /** The keys to add to the body, or null to leave the error as it is. */
  protected abstract extraKeys(body: Record<string, unknown>): Record<string, unknown> | null;

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (!(error instanceof HttpException) || error.getStatus() >= 500) return throwError(() => error);
        const response = error.getResponse();
        const body =
          typeof response === 'string' ? { message: response } : (response as Record<string, unknown>);
        const extra = this.extraKeys(body);
        if (!extra) return throwError(() => error);
        return throwError(() => new HttpException({ ...body, ...extra }, error.getStatus()));
      }),
    );
  }
}
