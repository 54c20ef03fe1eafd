import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { JSON_BODY_MAX_BYTES } from '@fitcoach/contracts';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import { AppLogger } from './common/logging/app-logger.js';
import { ShutdownState } from './common/lifecycle/shutdown-state.js';
import { MetricsService } from './common/metrics/metrics.service.js';
import { SocketIoAdapter } from './common/realtime/socket-io.adapter.js';
import { AppModule, type AppModuleOptions } from './app.module.js';
import type { AppConfig } from './common/config/app-config.js';
import { openDataSource } from './common/database/data-source-options.js';
import { bodyParserErrorHandler } from './common/errors/body-parser-errors.js';
import { answerParserErrorsAsJson } from './common/errors/http-parser-errors.js';
import { refuseDeepBodies } from './common/http/body-depth.js';
import { keepConnectionsAlive } from './common/http/keep-alive.js';
import { noStoreForCallers, securityHeaders } from './common/http/security-headers.js';
import { serveOpenApi } from './common/openapi/openapi.js';
import { fromOwnPages } from './common/web/in-process-connection.js';

type ResponseWithNonce = ServerResponse & { locals?: { cspNonce?: string } };

/**
 * Builds the whole server exactly as production runs it: API, web site, security headers, body limits.
 * main.ts and the tests both come through here, so what is tested is what ships.
 */
export async function createApp(
  config: AppConfig,
  options: AppModuleOptions = {},
): Promise<NestExpressApplication> {
  const dataSource = await openDataSource(config, { runMigrations: true });
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.register(config, dataSource, options),
    {
      bodyParser: false,
      bufferLogs: true,
      abortOnError: false,
      forceCloseConnections: true,
    },
  );
  app.useLogger(app.get(AppLogger));
  const expressApp = app.getHttpAdapter().getInstance() as express.Express;
  expressApp.set('trust proxy', config.trustedProxies);
  // Express would add it to each answer and helmet take it off again.
  expressApp.disable('x-powered-by');
  const metrics = config.metricsToken ? app.get(MetricsService) : undefined;
  // First, in this order: every request is counted for a graceful shutdown (common/lifecycle/shutdown-state.ts),
  // then measured.
  app.use(app.get(ShutdownState).track);
  if (metrics) app.use(metrics.measure);
  if (metrics && config.metricsToken) app.use('/metrics', metrics.endpoint(config.metricsToken));
  app.useWebSocketAdapter(new SocketIoAdapter(app, config, options.queuePrefix ?? 'fitcoach'));
  answerParserErrorsAsJson(app.getHttpServer());
  keepConnectionsAlive(app.getHttpServer());
  // Only a browser reads the nonce, the security headers and compression. The pages' own API calls skip them:
  // this process parses those answers uncompressed, and an HTML answer sets its own policy (common/http/html.ts).
  const forBrowsers =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      fromOwnPages(req) ? next() : handler(req, res, next);
  app.use(
    forBrowsers((_req, res: ResponseWithNonce, next) => {
      res.locals = { ...res.locals, cspNonce: randomBytes(16).toString('base64') };
      next();
    }),
  );
  app.use(forBrowsers(securityHeaders(config, options.web === 'development')));
  app.use(forBrowsers(compression()));
  // Parsed only under /api: Remix actions read their own form bodies.
  app.use(
    '/api',
    noStoreForCallers,
    express.json({ limit: JSON_BODY_MAX_BYTES }),
    express.urlencoded({ extended: false, limit: JSON_BODY_MAX_BYTES }),
    bodyParserErrorHandler,
    refuseDeepBodies,
  );
  if (config.corsOrigins.length > 0) {
    app.enableCors({ origin: config.corsOrigins, credentials: false });
  }
  serveOpenApi(app);
  return app;
}
