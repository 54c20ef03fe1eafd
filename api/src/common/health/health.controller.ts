import { Controller, Get, HttpException, HttpStatus } from '@nestjs/common';
import { type HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { ComponentStatus, HealthResponse } from '@fitcoach/contracts';
import { Public } from '../auth/auth.decorators.js';
import { QueueHealthIndicator } from './queue.health.js';

const PING_TIMEOUT_MS = 2000;

@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly queue: QueueHealthIndicator,
  ) {}

  /** 200 when every part answers, 503 naming the parts that do not (README.md, API, "Everything else"). */
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
