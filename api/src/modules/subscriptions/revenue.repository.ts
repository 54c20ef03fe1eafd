import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { PaymentEntity } from '../payments/payment.entity.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { SubscriptionEntity } from './subscription.entity.js';

export interface PopularProgramRow {
  name: string;
  currency: string;
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
   * The programmes with the most active followers, then the most revenue, then the oldest: followers and revenue are
   * counted from the rows (active subscriptions; completed payments, so a refunded one no longer counts and an
   * unfollow keeps it). Followers are grouped per programme from idx_subscription_active_flag_program_id_started_at
   * alone, and revenue is summed only for the programmes that can still make the list, those with as many followers
   * as the `limit`-th: one query ranking every programme summed every programme's payments (820 ms on SQLite at the
   * large seed).
   */
  async mostFollowed(limit: number): Promise<PopularProgramRow[]> {
    const counts = await this.programs.manager
      .createQueryBuilder(SubscriptionEntity, 'subscription')
      .select('subscription.programId', 'id')
      .addSelect('COUNT(*)', 'followers')
      .where('subscription.activeFlag = 1')
      .groupBy('subscription.programId')
      .getRawMany<{ id: number | string; followers: number | string }>();
    const followers = new Map(counts.map((row) => [Number(row.id), Number(row.followers)]));
    const ranked = [...followers.values()].sort((a, b) => b - a);
    // Fewer followed programmes than places: programmes nobody follows compete for the rest, by revenue.
    const candidates =
      ranked.length >= limit
        ? [...followers.keys()].filter((id) => (followers.get(id) ?? 0) >= ranked[limit - 1])
        : (await this.programs.find({ select: { id: true } })).map((program) => program.id);
    if (candidates.length === 0) return [];
    const sums = await this.programs.manager
      .createQueryBuilder(PaymentEntity, 'payment')
      .select('payment.programId', 'id')
      .addSelect('SUM(payment.amountMinor)', 'sales')
      .where('payment.status = :completed', { completed: 'completed' })
      .andWhere('payment.programId IN (:...candidates)', { candidates })
      .groupBy('payment.programId')
      .getRawMany<{ id: number | string; sales: number | string }>();
    const sales = new Map(sums.map((row) => [Number(row.id), Number(row.sales)]));
    const score = (id: number) => [followers.get(id) ?? 0, sales.get(id) ?? 0];
    const top = candidates
      .sort((a, b) => {
        const [[followersA, salesA], [followersB, salesB]] = [score(a), score(b)];
        return followersB - followersA || salesB - salesA || a - b;
      })
      .slice(0, limit);
    const names = await this.programs
      .createQueryBuilder('program')
      .innerJoin('program.trainer', 'trainer')
      .innerJoin('trainer.user', 'user')
      .select('program.id', 'id')
      .addSelect('program.name', 'name')
      .addSelect('program.currency', 'currency')
      .addSelect('user.firstName', 'firstName')
      .addSelect('user.lastName', 'lastName')
      .where('program.id IN (:...top)', { top })
      .getRawMany<{
        id: number | string;
        name: string;
        currency: string;
        firstName: string;
        lastName: string;
      }>();
    return top.flatMap((id) => {
      const named = names.find((row) => Number(row.id) === id);
      if (!named) return [];
      const [followed, sold] = score(id);
      return [
        {
          name: named.name,
          currency: named.currency,
          firstName: named.firstName,
          lastName: named.lastName,
          followers: followed,
          salesMinor: sold,
        },
      ];
    });
  }
}
