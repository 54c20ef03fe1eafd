import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { isUniqueViolation } from '../../common/database/errors.js';
import { SubscriptionEntity } from './subscription.entity.js';

export interface NewSubscription {
  userId: number;
  programId: number;
  paymentId: number;
  startedAt: Date;
}

/** The narrow queries on subscriptions that other modules need (content access, recording a payment). */
@Injectable()
export class SubscriptionsRepository {
  constructor(
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
  ) {}

  /** The member's active subscription to the programme, if any. */
  findActive(userId: number, programId: number, manager?: EntityManager): Promise<SubscriptionEntity | null> {
    const repository = manager ? manager.getRepository(SubscriptionEntity) : this.subscriptions;
    return repository.findOneBy({ userId, programId, activeFlag: 1 });
  }

  async isActiveSubscriber(userId: number, programId: number): Promise<boolean> {
    return this.subscriptions.existsBy({ userId, programId, activeFlag: 1 });
  }

  /**
   * Opens the subscription a completed payment paid for, inside the caller's transaction. The unique indexes
   * decide races: when the member is already subscribed, or this payment already opened one, the existing
   * active subscription is returned with `created: false` and nothing is written.
   */
  async activate(
    manager: EntityManager,
    subscription: NewSubscription,
  ): Promise<{ subscription: SubscriptionEntity; created: boolean }> {
    const existing = await this.findActive(subscription.userId, subscription.programId, manager);
    if (existing) return { subscription: existing, created: false };
    const repository = manager.getRepository(SubscriptionEntity);
    const row = repository.create({ ...subscription, status: 'active', activeFlag: 1, endedAt: null });
    try {
      await repository.insert(row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.findActive(subscription.userId, subscription.programId, manager);
      if (!winner) throw error;
      return { subscription: winner, created: false };
    }
    return { subscription: row, created: true };
  }
}
