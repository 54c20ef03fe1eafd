import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PaymentEntity } from '../payments/payment.entity.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';
import { UserEntity } from '../users/user.entity.js';

export interface MinorAmount {
  currency: string;
  amountMinor: number;
}

export interface TopProgramRow {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  users: number;
}

interface RevenueRow {
  currency: string;
  amount: number | string;
}

const toMinorAmount = (row: RevenueRow): MinorAmount => ({
  currency: row.currency,
  amountMinor: Number(row.amount),
});

/** 'YYYY-MM-DD' text in both dialects. */
const day = (column: string) => `CAST(DATE(${column}) AS CHAR)`;

/** Counted from the rows, never stored twice, and never a loop over rows in Node (docs/architecture.md §4). */
@Injectable()
export class AdminRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  countMembers(): Promise<number> {
    return this.dataSource.getRepository(UserEntity).countBy({ isSuperuser: false });
  }

  countTrainers(): Promise<number> {
    return this.dataSource.getRepository(TrainerEntity).count();
  }

  countPrograms(): Promise<number> {
    return this.dataSource.getRepository(ProgramEntity).count();
  }

  countActiveSubscriptions(): Promise<number> {
    return this.dataSource.getRepository(SubscriptionEntity).countBy({ activeFlag: 1 });
  }

  async revenue(): Promise<MinorAmount[]> {
    const rows = await this.completedPayments()
      .groupBy('payment.currency')
      .orderBy('payment.currency', 'ASC')
      .getRawMany<RevenueRow>();
    return rows.map(toMinorAmount);
  }

  /** Grouped from an index alone; only the `limit` programmes found are then read. */
  async topPrograms(limit: number): Promise<TopProgramRow[]> {
    const counts = await this.dataSource
      .createQueryBuilder(SubscriptionEntity, 'subscription')
      .select('subscription.programId', 'id')
      .addSelect('COUNT(*)', 'users')
      .where('subscription.activeFlag = 1')
      .groupBy('subscription.programId')
      .orderBy('users', 'DESC')
      .addOrderBy('subscription.programId', 'ASC')
      .limit(limit)
      .getRawMany<{ id: number | string; users: number | string }>();
    if (counts.length === 0) return [];
    const ids = counts.map((row) => Number(row.id));
    const names = await this.dataSource
      .createQueryBuilder(ProgramEntity, 'program')
      .innerJoin('program.trainer', 'trainer')
      .innerJoin('trainer.user', 'account')
      .select('program.id', 'id')
      .addSelect('program.name', 'name')
      .addSelect('account.firstName', 'firstName')
      .addSelect('account.lastName', 'lastName')
      .where('program.id IN (:...ids)', { ids })
      .getRawMany<{ id: number | string; name: string; firstName: string; lastName: string }>();
    return counts.flatMap((row) => {
      const program = names.find((named) => Number(named.id) === Number(row.id));
      return program ? [{ ...program, id: Number(row.id), users: Number(row.users) }] : [];
    });
  }

  async revenueOf(programIds: number[]): Promise<(MinorAmount & { programId: number })[]> {
    if (programIds.length === 0) return [];
    const rows = await this.completedPayments()
      .addSelect('payment.programId', 'programId')
      .andWhere('payment.programId IN (:...programIds)', { programIds })
      .groupBy('payment.programId')
      .addGroupBy('payment.currency')
      .getRawMany<RevenueRow & { programId: number | string }>();
    return rows.map((row) => ({ programId: Number(row.programId), ...toMinorAmount(row) }));
  }

  async revenueByDay(from: Date): Promise<(MinorAmount & { day: string })[]> {
    const rows = await this.completedPayments()
      .addSelect(day('payment.completed_at'), 'day')
      .andWhere('payment.completedAt >= :from', { from })
      .groupBy('day')
      .addGroupBy('payment.currency')
      .getRawMany<RevenueRow & { day: string }>();
    return rows.map((row) => ({ day: String(row.day), ...toMinorAmount(row) }));
  }

  /** Completed payments summed per currency (`currency`, `amount`), for the caller to group and narrow further. */
  private completedPayments() {
    return this.dataSource
      .createQueryBuilder(PaymentEntity, 'payment')
      .select('payment.currency', 'currency')
      .addSelect('SUM(payment.amountMinor)', 'amount')
      .where('payment.status = :completed', { completed: 'completed' });
  }

  async subscriptionsByDay(from: Date): Promise<{ day: string; count: number }[]> {
    const rows = await this.dataSource
      .createQueryBuilder(SubscriptionEntity, 'subscription')
      .select(day('subscription.started_at'), 'day')
      .addSelect('COUNT(subscription.id)', 'count')
      .where('subscription.startedAt >= :from', { from })
      .groupBy('day')
      .getRawMany<{ day: string; count: number | string }>();
    return rows.map((row) => ({ day: String(row.day), count: Number(row.count) }));
  }
}
