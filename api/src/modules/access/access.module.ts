import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SubscriptionStoreModule } from '../subscriptions/subscription-store.module.js';
import { RecordShareEntity } from '../record/record-share.entity.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';
import { AccessService } from './access.service.js';

/**
 * The access rules (AccessService). It needs only the subscription, trainer and record-sharing rows, no other module's services, so
 * that every module that checks access can import it without a cycle.
 */
@Module({
  imports: [TypeOrmModule.forFeature([TrainerEntity, RecordShareEntity]), SubscriptionStoreModule],
  providers: [AccessService],
  exports: [AccessService],
})
export class AccessModule {}
