import {
  type DynamicModule,
  Global,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  RequestMethod,
} from '@nestjs/common';
import type { Options } from 'pino-http';
import { AppLogger } from './app-logger.js';
import { LogContext } from './log-context.js';

/**
 * Structured logs on pino (docs/decisions/057-logging-on-pino-without-nestjs-pino.md): every request is logged when
 * its answer ends and handled in a logging context of its own; AppLogger is what `app.useLogger` is given.
 */
@Global()
@Module({})
export class LoggingModule implements NestModule {
  constructor(private readonly context: LogContext) {}

  static forRoot(options: Options): DynamicModule {
    return {
      module: LoggingModule,
      providers: [{ provide: LogContext, useValue: new LogContext(options) }, AppLogger],
      exports: [LogContext, AppLogger],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    // `{/*splat}` rather than `*`, which Express 5's path-to-regexp refuses; it matches `/` too.
    consumer.apply(this.context.middleware).forRoutes({ path: '{/*splat}', method: RequestMethod.ALL });
  }
}
