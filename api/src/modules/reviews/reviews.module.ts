import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessModule } from '../access/access.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { ReviewReportEntity } from './review-report.entity.js';
import { ReviewVoteEntity } from './review-vote.entity.js';
import { ReviewEntity } from './review.entity.js';
import { ReviewsAdminController, ReviewsController } from './reviews.controller.js';
import { ReviewsRepository } from './reviews.repository.js';
import { ReviewsService } from './reviews.service.js';

/** Verified reviews of programmes and their moderation (docs/product.md, ADR 062). */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      ReviewEntity,
      ReviewVoteEntity,
      ReviewReportEntity,
      SubscriptionEntity,
      ProgramEntity,
    ]),
    AccessModule,
    AuditModule,
    SubscriptionsModule,
  ],
  controllers: [ReviewsController, ReviewsAdminController],
  providers: [ReviewsService, ReviewsRepository],
})
export class ReviewsModule {}
