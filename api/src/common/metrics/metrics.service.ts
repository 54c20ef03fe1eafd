import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { JobsService } from '../jobs/jobs.service.js';
import { RealtimeService } from '../realtime/realtime.service.js';

type RoutedRequest = IncomingMessage & { baseUrl?: string; route?: { path?: unknown }; originalUrl?: string };

/** The route's pattern, never its raw path, so that ids do not make a time series each. */
export function routeLabel(req: RoutedRequest): string {
  const pattern = req.route?.path;
  if (typeof pattern === 'string' && !pattern.includes('*')) return `${req.baseUrl ?? ''}${pattern}`;
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
  if (path === '/metrics') return '/metrics';
  if (path.startsWith('/api/')) return 'api (no route)';
  if (path.startsWith('/media/')) return '/media';
  if (path.startsWith('/assets/')) return '/assets';
  return 'web page';
}

/** Only with METRICS_TOKEN set (docs/operations.md, "Operating it"); each app has a registry of its own. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');
  private readonly requests: Histogram<'method' | 'route' | 'status'>;

  constructor(jobs: JobsService, realtime: RealtimeService) {
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, with their duration until the answer was sent',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    const logger = this.logger;
    new Gauge({
      name: 'fitcoach_job_queue_jobs',
      help: 'Jobs per queue and state (waiting, delayed for a retry or later, active)',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          for (const depth of await jobs.depth()) {
            for (const state of ['waiting', 'delayed', 'active'] as const) {
              this.set({ queue: depth.queue, state }, depth[state]);
            }
          }
        } catch (error) {
          logger.warn(`Queue depth unavailable: ${String(error)}`);
        }
      },
    });
    new Gauge({
      name: 'fitcoach_sockets_connected',
      help: 'socket.io connections open on this instance',
      registers: [this.registry],
      collect() {
        this.set(realtime.localSocketCount);
      },
    });
  }

  readonly measure = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const end = this.requests.startTimer();
    res.once('finish', () =>
      end({
        method: req.method ?? 'GET',
        route: routeLabel(req as RoutedRequest),
        status: String(res.statusCode),
      }),
    );
    next();
  };

  endpoint(token: string) {
    const expected = Buffer.from(`Bearer ${token}`);
    return (req: IncomingMessage, res: ServerResponse): void => {
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer' });
        res.end(
          JSON.stringify({ statusCode: 401, message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' }),
        );
        return;
      }
      void this.registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'Content-Type': this.registry.contentType, 'Cache-Control': 'no-store' });
          res.end(text);
        },
        (error: unknown) => {
          this.logger.error(`Metrics failed: ${String(error)}`);
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ statusCode: 500, message: 'Internal server error' }));
        },
      );
    };
  }
}
