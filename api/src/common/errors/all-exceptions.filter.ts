import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ApiError, ApiFieldError } from '@fitcoach/contracts';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { isDatabaseUnreachable } from '../database/errors.js';
import { isPoolExhausted } from '../database/pool.js';
import { RequestTimeoutError } from '../http/request-timeout.interceptor.js';
import { QueueUnavailableError } from '../jobs/jobs.service.js';
import { RetryLater } from '../rate-limit/rate-limit.js';

export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const DROPPED_KEYS = new Set(['statusCode', 'message', 'errors', 'error']);

/**
 * Never a stack trace, and a 500 only for genuine server faults (docs/architecture.md §10); an unreachable database
 * or queue, an exhausted pool or a timed-out request is not the request's fault: 503 (ADR 035).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (this.unavailable(exception)) {
      this.logger.warn(`Unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
      if (res.headersSent) return;
      res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      res.status(HttpStatus.SERVICE_UNAVAILABLE).json({
        statusCode: HttpStatus.SERVICE_UNAVAILABLE,
        message: 'Temporarily unavailable',
      } satisfies ApiError);
      return;
    }
    const body = this.toBody(exception);
    if (exception instanceof RetryLater) {
      if (body.statusCode >= 500) this.logger.warn(`Unavailable: ${body.message}`);
    } else if (body.statusCode >= 500) {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }

  private unavailable(exception: unknown): boolean {
    if (exception instanceof HttpException) return false;
    if (exception instanceof QueueUnavailableError || exception instanceof RequestTimeoutError) return true;
    return isDatabaseUnreachable(exception) || isPoolExhausted(exception) || !this.dataSource.isInitialized;
  }

  private toBody(exception: unknown): ApiError & Record<string, unknown> {
    if (!(exception instanceof HttpException)) {
      return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error' };
    }
    const statusCode = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'string') return { statusCode, message: response };

    const raw = response as Record<string, unknown>;
    const extra = Object.fromEntries(Object.entries(raw).filter(([key]) => !DROPPED_KEYS.has(key)));
    const errors = Array.isArray(raw.errors) ? (raw.errors as ApiFieldError[]) : undefined;
    const message = Array.isArray(raw.message)
      ? raw.message.map(String).join('; ')
      : typeof raw.message === 'string'
        ? raw.message
        : exception.message;
    return { statusCode, message, ...(errors ? { errors } : {}), ...extra };
  }
}
