import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { PaymentEntity } from '../payments/payment.entity.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { SubscriptionEntity } from './subscription.entity.js';

export interface PopularProgramRow {
  name: string;
  firstName: string;
  lastName: string;
  followers: number;
  salesMinor: number;
}

/** Payments as the subscription rules and the superusers' figures read them (docs/architecture.md §7). */
@Injectable()
export class RevenueRepository {
  constructor(@InjectRepository(ProgramEntity) private readonly programs: Repository<ProgramEntity>) {}

  /**
   * A completed payment of the member for the programme that no subscription has used yet (one payment opens
   * one subscription: after unfollowing, following again needs a new payment). A completed payment's open flag is
   * always null: saying so lets the open-order index (user, programme, open flag) give the payments in id order.
   */
  findUnusedCompletedPayment(
    manager: EntityManager,
    userId: number,
    programId: number,
  ): Promise<PaymentEntity | null> {
    return manager
      .createQueryBuilder(PaymentEntity, 'payment')
      .leftJoin(SubscriptionEntity, 'subscription', 'subscription.paymentId = payment.id')
      .where('payment.userId = :userId', { userId })
      .andWhere('payment.programId = :programId', { programId })
      .andWhere('payment.status = :completed', { completed: 'completed' })
      .andWhere('payment.openFlag IS NULL')
      .andWhere('subscription.id IS NULL')
      .orderBy('payment.id', 'ASC')
      .getOne();
  }

  /**
   * The programmes with the most active followers, in one query: followers and revenue are counted from the rows
   * (active subscriptions; completed payments, so a refunded one no longer counts and an unfollow keeps it).
   */
  async mostFollowed(limit: number): Promise<PopularProgramRow[]> {
    const rows = await this.programs
      .createQueryBuilder('program')
      .innerJoin('program.trainer', 'trainer')
      .innerJoin('trainer.user', 'user')
      .select('program.name', 'name')
      .addSelect('user.firstName', 'firstName')
      .addSelect('user.lastName', 'lastName')
      .addSelect(
        (query: SelectQueryBuilder<SubscriptionEntity>) =>
          query
            .select('COUNT(subscription.id)')
            .from(SubscriptionEntity, 'subscription')
            .where('subscription.programId = program.id')
            .andWhere('subscription.activeFlag = 1'),
        'followers',
      )
      .addSelect(
        (query: SelectQueryBuilder<PaymentEntity>) =>
          query
            .select('COALESCE(SUM(payment.amountMinor), 0)')
            .from(PaymentEntity, 'payment')
            .where('payment.programId = program.id')
            .andWhere('payment.status = :completed'),
        'sales',
      )
      .setParameter('completed', 'completed')
      .orderBy('followers', 'DESC')
      .addOrderBy('sales', 'DESC')
      .addOrderBy('program.id', 'ASC')
      .limit(limit)
      .getRawMany<{
        name: string;
        firstName: string;
        lastName: string;
        followers: number | string;
        sales: number | string;
      }>();
    return rows.map((row) => ({
      name: row.name,
      firstName: row.firstName,
      lastName: row.lastName,
      followers: Number(row.followers),
      salesMinor: Number(row.sales),
    }));
  }
}
