import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module.js';
import { ChatMessageEntity } from '../chat/chat-message.entity.js';
import { ChatModule } from '../chat/chat.module.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { SubscriptionStoreModule } from '../subscriptions/subscription-store.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { BodyMeasurementEntity } from './body-measurement.entity.js';
import { MeasurementsService } from './measurements.service.js';
import { ProgressPhotoEntity } from './progress-photo.entity.js';
import { ProgressPhotosController } from './progress-photos.controller.js';
import { ProgressPhotosService } from './progress-photos.service.js';
import { MemberRecordController, SubscriberRecordController } from './record.controller.js';
import { RecordShareEntity } from './record-share.entity.js';
import { RecordCsvService } from './record-csv.service.js';
import { RecordSharingService } from './record-sharing.service.js';
import { WorkoutLogEntity } from './workout-log.entity.js';
import { WorkoutLogsController } from './workout-logs.controller.js';
import { WorkoutLogsRepository } from './workout-logs.repository.js';
import { WorkoutLogsService } from './workout-logs.service.js';

/**
 * The training record (docs/product.md, ADR 061): workout logs, body measurements and progress photos, private to
 * their member and shared, part by part, with the trainers they follow.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      WorkoutLogEntity,
      BodyMeasurementEntity,
      ProgressPhotoEntity,
      RecordShareEntity,
      ChatMessageEntity,
      TrainerEntity,
      ProgramEntity,
      UserEntity,
    ]),
    AccessModule,
    SubscriptionStoreModule,
    SubscriptionsModule,
    ChatModule,
  ],
  controllers: [
    WorkoutLogsController,
    MemberRecordController,
    ProgressPhotosController,
    SubscriberRecordController,
  ],
  providers: [
    WorkoutLogsService,
    WorkoutLogsRepository,
    MeasurementsService,
    ProgressPhotosService,
    RecordCsvService,
    RecordSharingService,
  ],
})
export class RecordModule {}
