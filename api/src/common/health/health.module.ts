import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { ShutdownState } from '../lifecycle/shutdown-state.js';
import { HealthController } from './health.controller.js';
import { QueueHealthIndicator } from './queue.health.js';

/** Global, so that whatever must know the process is shutting down can ask ShutdownState. */
@Global()
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json', logger: false })],
  controllers: [HealthController],
  providers: [QueueHealthIndicator, ShutdownState],
  exports: [ShutdownState],
})
export class HealthModule {}
