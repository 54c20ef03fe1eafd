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
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { developmentWeb, productionWeb, type WebMode, type WebServing } from './remix-handler.js';

export const WEB_SERVING = Symbol('WEB_SERVING');

/** web/ sits beside api/, whether this file runs from api/src or api/dist. */
export const WEB_ROOT = fileURLToPath(new URL('../../../../web', import.meta.url));

/** Nest middleware, so the site shares request logging (docs/architecture.md §3); `/api/*` keeps its JSON 404. */
@Module({})
export class WebModule implements NestModule, OnApplicationShutdown {
  static register(mode: WebMode): DynamicModule {
    return {
      module: WebModule,
      providers: [
        {
          provide: WEB_SERVING,
          inject: [HttpAdapterHost, ResponseCache, APP_CONFIG],
          useFactory: (
            adapterHost: HttpAdapterHost,
            cache: ResponseCache,
            config: AppConfig,
          ): Promise<WebServing> => {
            const server = () => adapterHost.httpAdapter.getHttpServer() as Server;
            const apiServer = config.apiInternalUrl === undefined ? server : undefined;
            return mode === 'development'
              ? developmentWeb(WEB_ROOT, server(), { apiServer })
              : productionWeb(WEB_ROOT, {
                  cache,
                  sharedSeconds: Math.ceil(config.publicCacheMs / 1000),
                  apiServer,
                  renderThreads: config.renderThreads,
                });
          },
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
