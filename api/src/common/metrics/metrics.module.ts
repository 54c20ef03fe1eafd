import { Module } from '@nestjs/common';
import { MetricsService } from './metrics.service.js';

/** Prometheus metrics; JobsService and RealtimeService come from their global modules. */
@Module({
  providers: [MetricsService],
  exports: [MetricsService],
})
export class MetricsModule {}
