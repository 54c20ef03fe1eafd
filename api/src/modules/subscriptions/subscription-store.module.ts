import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LessonCompletionEntity } from './lesson-completion.entity.js';
import { SubscriptionEntity } from './subscription.entity.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/**
 * The subscription rows and their narrow queries, without the subscription workflows: the programmes and
 * payments modules need them, and the subscriptions module (which needs those two) builds on them.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SubscriptionEntity, LessonCompletionEntity])],
  providers: [SubscriptionsRepository],
  exports: [SubscriptionsRepository, TypeOrmModule],
})
export class SubscriptionStoreModule {}
