import { fileURLToPath } from 'node:url';
import {
  type DynamicModule,
  Inject,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  type OnApplicationShutdown,
  RequestMethod,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { ResponseCache } from '../cache/response-cache.js';
import { developmentWeb, productionWeb, type WebMode, type WebServing } from './remix-handler.js';

export const WEB_SERVING = Symbol('WEB_SERVING');

/** web/ sits beside api/, whether this file runs from api/src or api/dist. */
export const WEB_ROOT = fileURLToPath(new URL('../../../../web', import.meta.url));

/**
 * Mounts the Remix site on the same Express instance as the API (docs/architecture.md §3), as Nest middleware
 * so it shares request logging; `/api/*` never reaches it and keeps its JSON 404.
 */
@Module({})
export class WebModule implements NestModule, OnApplicationShutdown {
  static register(mode: WebMode): DynamicModule {
    return {
      module: WebModule,
      providers: [
        {
          provide: WEB_SERVING,
          inject: [HttpAdapterHost, ResponseCache],
          useFactory: (adapterHost: HttpAdapterHost, cache: ResponseCache): Promise<WebServing> =>
            mode === 'development'
              ? developmentWeb(WEB_ROOT, adapterHost.httpAdapter.getHttpServer() as Server)
              : productionWeb(WEB_ROOT, cache),
        },
      ],
    };
  }

  constructor(@Inject(WEB_SERVING) private readonly web: WebServing) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(...this.web.handlers)
      .exclude({ path: 'api', method: RequestMethod.ALL }, { path: 'api/{*rest}', method: RequestMethod.ALL })
      .forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }

  onApplicationShutdown(): Promise<void> {
    return this.web.close();
  }
}
