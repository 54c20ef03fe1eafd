import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { rawDate } from '../../common/database/raw-date.js';
import { LessonEntity } from '../lessons/lesson.entity.js';
import { PaymentEntity } from '../payments/payment.entity.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { LessonCompletionEntity } from '../subscriptions/lesson-completion.entity.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { UserEntity } from '../users/user.entity.js';
import type { Movement, SubscriptionFacts } from './insights.figures.js';

type Raw = number | string;
type RawDate = Date | string;

interface SubscriptionRow {
  userId: Raw;
  programId: Raw;
  startedAt: RawDate;
  lastCompletedAt: RawDate | null;
  finishedAt: RawDate | null;
}

const facts = (row: SubscriptionRow): SubscriptionFacts => ({
  userId: Number(row.userId),
  programId: Number(row.programId),
  startedAt: rawDate(row.startedAt),
  lastCompletedAt: row.lastCompletedAt === null ? null : rawDate(row.lastCompletedAt),
  finishedAt: row.finishedAt === null ? null : rawDate(row.finishedAt),
});

const SUBSCRIPTION_COLUMNS = ['userId', 'programId', 'startedAt', 'lastCompletedAt', 'finishedAt'] as const;

/**
 * The reads behind a trainer's insights (docs/product.md §2.16), each along an index of the trainer's programmes:
 * raw rows, summed in the service, so that the same queries serve both databases without their date functions.
 */
@Injectable()
export class InsightsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  programsOf(trainerId: number): Promise<Pick<ProgramEntity, 'id' | 'name' | 'isPublished'>[]> {
    return this.dataSource.getRepository(ProgramEntity).find({
      select: { id: true, name: true, isPublished: true },
      where: { trainerId },
      order: { id: 'ASC' },
    });
  }

  /** Payments completed from `start` until before `end`, those refunded since included: they were paid then. */
  paid(programIds: number[], start: Date, end: Date): Promise<Movement[]> {
    return this.movements(programIds, ['completed', 'refunded'], 'completedAt', start, end);
  }

  /** Payments refunded from `start` until before `end`. */
  refunded(programIds: number[], start: Date, end: Date): Promise<Movement[]> {
    return this.movements(programIds, ['refunded'], 'refundedAt', start, end);
  }

  private async movements(
    programIds: number[],
    statuses: string[],
    column: 'completedAt' | 'refundedAt',
    start: Date,
    end: Date,
  ): Promise<Movement[]> {
    const rows = await this.dataSource
      .getRepository(PaymentEntity)
      .createQueryBuilder('payment')
      .select('payment.programId', 'programId')
      .addSelect('payment.currency', 'currency')
      .addSelect('payment.amountMinor', 'amountMinor')
      .addSelect(`payment.${column}`, 'at')
      .where('payment.programId IN (:...programIds)', { programIds })
      .andWhere('payment.status IN (:...statuses)', { statuses })
      .andWhere(`payment.${column} >= :start AND payment.${column} < :end`, { start, end })
      .getRawMany<{ programId: Raw; currency: string; amountMinor: Raw; at: RawDate }>();
    return rows.map((row) => ({
      programId: Number(row.programId),
      currency: row.currency,
      amountMinor: Number(row.amountMinor),
      at: rawDate(row.at),
    }));
  }

  /** The programmes of the subscriptions that started from `start` until before `end`, one entry each. */
  async started(programIds: number[], start: Date, end: Date): Promise<number[]> {
    const rows = await this.dataSource
      .getRepository(SubscriptionEntity)
      .createQueryBuilder('subscription')
      .select('subscription.programId', 'programId')
      .where('subscription.programId IN (:...programIds)', { programIds })
      .andWhere('subscription.startedAt >= :start AND subscription.startedAt < :end', { start, end })
      .getRawMany<{ programId: Raw }>();
    return rows.map((row) => Number(row.programId));
  }

  /** The members of the programmes' active subscriptions now, one entry per subscription. */
  async activeMembers(programIds: number[]): Promise<{ programId: number; userId: number }[]> {
    const rows = await this.dataSource
      .getRepository(SubscriptionEntity)
      .createQueryBuilder('subscription')
      .select('subscription.programId', 'programId')
      .addSelect('subscription.userId', 'userId')
      .where('subscription.activeFlag = 1')
      .andWhere('subscription.programId IN (:...programIds)', { programIds })
      .getRawMany<{ programId: Raw; userId: Raw }>();
    return rows.map((row) => ({ programId: Number(row.programId), userId: Number(row.userId) }));
  }

  /** The active, unfinished subscriptions without a completed lesson since `before` (nor a start, without one). */
  async quietSince(programIds: number[], before: Date): Promise<SubscriptionFacts[]> {
    const rows = await this.subscriptions()
      .where('subscription.activeFlag = 1')
      .andWhere('subscription.programId IN (:...programIds)', { programIds })
      .andWhere('subscription.finishedAt IS NULL')
      .andWhere('COALESCE(subscription.lastCompletedAt, subscription.startedAt) < :before', { before })
      .getRawMany<SubscriptionRow>();
    return rows.map(facts);
  }

  /** The subscriptions, active or ended, whose member finished the programme from `start` until before `end`. */
  async finished(programIds: number[], start: Date, end: Date): Promise<SubscriptionFacts[]> {
    const rows = await this.subscriptions()
      .where('subscription.programId IN (:...programIds)', { programIds })
      .andWhere('subscription.finishedAt >= :start AND subscription.finishedAt < :end', { start, end })
      .getRawMany<SubscriptionRow>();
    return rows.map(facts);
  }

  private subscriptions() {
    const query = this.dataSource
      .getRepository(SubscriptionEntity)
      .createQueryBuilder('subscription')
      .select([]);
    for (const column of SUBSCRIPTION_COLUMNS) query.addSelect(`subscription.${column}`, column);
    return query;
  }

  /** Each lesson of the programmes in order, with how many members ever completed it (counted from its index). */
  async funnel(
    programIds: number[],
  ): Promise<{ programId: number; number: number; title: string; members: number }[]> {
    const rows = await this.dataSource
      .getRepository(LessonEntity)
      .createQueryBuilder('lesson')
      .select('lesson.programId', 'programId')
      .addSelect('lesson.number', 'number')
      .addSelect('lesson.title', 'title')
      .addSelect(
        (members) =>
          members
            .select('COUNT(*)')
            .from(LessonCompletionEntity, 'completion')
            .where('completion.lessonId = lesson.id'),
        'members',
      )
      .where('lesson.programId IN (:...programIds)', { programIds })
      .orderBy('lesson.programId', 'ASC')
      .addOrderBy('lesson.number', 'ASC')
      .getRawMany<{ programId: Raw; number: Raw; title: string; members: Raw }>();
    return rows.map((row) => ({
      programId: Number(row.programId),
      number: Number(row.number),
      title: row.title,
      members: Number(row.members),
    }));
  }

  namesOf(userIds: number[]): Promise<Pick<UserEntity, 'id' | 'firstName' | 'lastName'>[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.dataSource.getRepository(UserEntity).find({
      select: { id: true, firstName: true, lastName: true },
      where: { id: In(userIds) },
    });
  }
}
