import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { SubscriptionStoreModule } from '../subscriptions/subscription-store.module.js';
import { TrainersModule } from '../trainers/trainers.module.js';
import { ProgramMails } from './program-mails.js';
import { ProgramModerationService } from './program-moderation.service.js';
import { ProgramEntity } from './program.entity.js';
import { ProgramsController } from './programs.controller.js';
import { ProgramsRepository } from './programs.repository.js';
import { ProgramsService } from './programs.service.js';
import { PublishRequestEntity } from './publish-request.entity.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([ProgramEntity, PublishRequestEntity]),
    TrainersModule,
    SubscriptionStoreModule,
    AuditModule,
    AccessModule,
  ],
  controllers: [ProgramsController],
  providers: [ProgramsService, ProgramModerationService, ProgramsRepository, ProgramMails],
  exports: [ProgramsService],
})
export class ProgramsModule {}
