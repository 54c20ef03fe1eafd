import { Injectable, type LoggerService } from '@nestjs/common';
import type { Level } from 'pino';
import { LogContext } from './log-context.js';

/** Nest's stack of an uncaught error comes as a second string argument; its lines start with "at". */
const STACK = /\n[ \t]*at /;

/**
 * Nest's logger (`app.useLogger`) writing to pino: `log` is info, `verbose` trace; Nest's context (the last
 * argument, as `new Logger('Mail')` passes it) becomes the `context` field, an object message is merged into the
 * line and an Error goes to `err`.
 */
@Injectable()
export class AppLogger implements LoggerService {
  constructor(private readonly context: LogContext) {}

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.write('trace', message, optionalParams);
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.write('debug', message, optionalParams);
  }

  log(message: unknown, ...optionalParams: unknown[]): void {
    this.write('info', message, optionalParams);
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.write('warn', message, optionalParams);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    this.write('error', message, optionalParams);
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    this.write('fatal', message, optionalParams);
  }

  private write(level: Level, message: unknown, optionalParams: unknown[]): void {
    const fields: Record<string, unknown> = {};
    const params = optionalParams.slice(0, -1);
    if (optionalParams.length > 0) fields.context = optionalParams.at(-1);
    const logger = this.context.logger;
    if (typeof message === 'object' && message !== null) {
      // The message is in the first of the other arguments then, as in pino's own `logger.info({ ... }, 'text')`.
      const [text, ...args] = params as [string | undefined, ...unknown[]];
      logger[level](
        message instanceof Error ? { ...fields, err: message } : { ...fields, ...message },
        text,
        ...args,
      );
    } else if (level === 'error' && isStackOf(message, params)) {
      // Nest's exception handlers pass (message, stack, context): one error, not a message with a loose string.
      const err = new Error(message);
      err.stack = params[0] as string;
      logger.error({ ...fields, err });
    } else {
      logger[level](fields, message as string, ...params);
    }
  }
}

function isStackOf(message: unknown, params: unknown[]): message is string {
  return (
    typeof message === 'string' &&
    params.length === 1 &&
    typeof params[0] === 'string' &&
    STACK.test(params[0])
  );
}
