import { Global, Module } from '@nestjs/common';
import { PresenceService } from './presence.service.js';
import { RealtimeService } from './realtime.service.js';

/**
 * Who is online and how to reach connected clients: the chat gateway feeds both, and any module (the admin's
 * presence lists, notifications) reads them without depending on the chat module.
 */
@Global()
@Module({
  providers: [PresenceService, RealtimeService],
  exports: [PresenceService, RealtimeService],
})
export class RealtimeModule {}
