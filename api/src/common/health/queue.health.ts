import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { JobsService } from '../jobs/jobs.service.js';

@Injectable()
export class QueueHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly jobs: JobsService,
  ) {}

  async check(key: string) {
    const indicator = this.indicators.check(key);
    return (await this.jobs.isHealthy())
      ? indicator.up({ runner: this.jobs.runnerKind })
      : indicator.down({ runner: this.jobs.runnerKind });
  }
}
