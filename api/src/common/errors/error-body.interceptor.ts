import { type CallHandler, type ExecutionContext, HttpException, type NestInterceptor } from '@nestjs/common';
import { catchError, type Observable, throwError } from 'rxjs';

/** An interceptor wraps pipes and upload interceptors, so validation and image failures get the keys too. */
export abstract class ErrorBodyInterceptor implements NestInterceptor {
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
