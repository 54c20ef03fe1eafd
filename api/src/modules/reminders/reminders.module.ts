import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionsModule } from '../auth/sessions.module.js';
import { NotificationSettingEntity } from './notification-setting.entity.js';
import { NotificationSettingsController } from './notification-settings.controller.js';
import { NotificationSettingsService } from './notification-settings.service.js';
import { RemindersJob } from './reminders.job.js';
import { RemindersRepository } from './reminders.repository.js';

/**
 * Lesson reminders and the account's notification settings (docs/product.md, Reminders). It exports the settings,
 * which the push messages read.
 */
@Module({
  imports: [TypeOrmModule.forFeature([NotificationSettingEntity]), SessionsModule],
  controllers: [NotificationSettingsController],
  providers: [NotificationSettingsService, RemindersRepository, RemindersJob],
  exports: [NotificationSettingsService],
})
export class RemindersModule {}
