import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module.js';
import { NotificationSettingEntity } from '../reminders/notification-setting.entity.js';
import { PushSubscriptionEntity } from './push-subscription.entity.js';
import { PushController } from './push.controller.js';
import { PushListener } from './push.listener.js';
import { PushRepository } from './push.repository.js';
import { PushService } from './push.service.js';

/**
 * Web Push (docs/decisions/060-web-push-and-an-installable-site.md). Exports PushService for the reminder job
 * (`sendReminder`); chat messages and ended sessions reach it as events.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PushSubscriptionEntity, NotificationSettingEntity]), AccessModule],
  controllers: [PushController],
  providers: [PushService, PushRepository, PushListener],
  exports: [PushService],
})
export class PushModule {}
