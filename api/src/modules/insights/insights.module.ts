import { Module } from '@nestjs/common';
import { ClockModule } from '../../common/time/clock.js';
import { InsightsController } from './insights.controller.js';
import { InsightsRepository } from './insights.repository.js';
import { InsightsService } from './insights.service.js';

@Module({
  imports: [ClockModule],
  controllers: [InsightsController],
  providers: [InsightsService, InsightsRepository],
})
export class InsightsModule {}
