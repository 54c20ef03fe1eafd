import { Controller, Get, HttpException, HttpStatus } from '@nestjs/common';
import { type HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { ComponentStatus, HealthResponse } from '@fitcoach/contracts';
import { Public } from '../auth/auth.decorators.js';
import { RequestBound } from '../http/request-timeout.interceptor.js';
import { ShutdownState } from '../lifecycle/shutdown-state.js';
import { QueueHealthIndicator } from './queue.health.js';
import { ApiTags } from '@nestjs/swagger';
import { READINESS } from '../openapi/answers.js';
import { ANYONE } from '../../common/openapi/answers.js';
import { RouteDoc } from '../openapi/route-doc.js';

const PING_TIMEOUT_MS = 2000;

@Public()
@RequestBound('health')
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly queue: QueueHealthIndicator,
    private readonly shutdown: ShutdownState,
  ) {}

  /** 200 whatever the database does: restarting a process whose database is down would not help. */
  @RouteDoc({
    summary: 'Liveness',
    ...ANYONE,
    notes: 'Whenever the process answers, whatever its database or queue do.',
    ok: {
      status: 200,
      description: 'Alive',
      schema: { type: 'object', properties: { status: { type: 'string' } } },
    },
  })
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** 503 also from the moment the process starts shutting down (docs/api.md, "Everything else"). */
  @RouteDoc({
    summary: 'Readiness (the same as /api/health)',
    ...READINESS,
  })
  @Get('ready')
  ready(): Promise<HealthResponse> {
    return this.check();
  }

  @RouteDoc({
    summary: 'Health of the database and the queue',
    ...READINESS,
  })
  @Get()
  async check(): Promise<HealthResponse> {
    let result: HealthCheckResult;
    try {
      result = await this.health.check([
        () => this.database.pingCheck('db', { timeout: PING_TIMEOUT_MS }),
        () => this.queue.check('queue'),
      ]);
    } catch (error) {
      if (!(error instanceof HttpException)) throw error;
      result = error.getResponse() as HealthCheckResult;
    }
    const status = (key: string): ComponentStatus => (result.details[key]?.status === 'up' ? 'up' : 'down');
    const body: HealthResponse = {
      status: result.status === 'ok' ? 'ok' : 'error',
      db: status('db'),
      queue: status('queue'),
    };
    if (this.shutdown.draining) {
      throw new HttpException(
        { message: 'Unavailable: shutting down', ...body, status: 'error' },
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    if (body.status !== 'ok') {
      const down = (['db', 'queue'] as const).filter((key) => body[key] === 'down');
      throw new HttpException(
        { message: `Unavailable: ${down.join(', ')}`, ...body },
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    return body;
  }
}
