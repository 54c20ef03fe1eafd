import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module.js';
import { LessonEntity } from '../lessons/lesson.entity.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { TrainersModule } from '../trainers/trainers.module.js';
import { UsersModule } from '../users/users.module.js';
import { ProgressRepository } from './progress.repository.js';
import { ProgressService } from './progress.service.js';
import { RevenueRepository } from './revenue.repository.js';
import { SubscriptionStoreModule } from './subscription-store.module.js';
import {
  MemberSubscriptionsController,
  StreakController,
  ProgressController,
  TrainerSubscribersController,
} from './subscriptions.controller.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { SchedulesController } from './schedules.controller.js';
import { SchedulesService } from './schedules.service.js';

/** Following programmes, their schedules, progress in them, and the members' and trainers' lists built from subscriptions. */
@Module({
  imports: [
    TypeOrmModule.forFeature([LessonEntity, ProgramEntity]),
    SubscriptionStoreModule,
    ProgramsModule,
    TrainersModule,
    UsersModule,
    AccessModule,
  ],
  controllers: [
    MemberSubscriptionsController,
    StreakController,
    TrainerSubscribersController,
    ProgressController,
    SchedulesController,
  ],
  providers: [SubscriptionsService, ProgressService, SchedulesService, ProgressRepository, RevenueRepository],
  exports: [ProgressService, ProgressRepository],
})
export class SubscriptionsModule {}
