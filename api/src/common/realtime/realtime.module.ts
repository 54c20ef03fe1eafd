import { Global, Module } from '@nestjs/common';
import { PresenceService } from './presence.service.js';
import { RealtimeService } from './realtime.service.js';

/** Global, so that any module reaches connected clients without depending on the chat module. */
@Global()
@Module({
  providers: [PresenceService, RealtimeService],
  exports: [PresenceService, RealtimeService],
})
export class RealtimeModule {}
