import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import type { ProgramUnlock, SubscriptionStatus } from '@fitcoach/contracts';
import { isUniqueViolation } from '../../common/database/errors.js';
import { localDate } from '../../common/time/local-time.js';
import { pageAndTotal, type Paging } from '../../common/database/paging.js';
import { rawDate } from '../../common/database/raw-date.js';
import { LessonEntity } from '../lessons/lesson.entity.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';
import { TRAINER_ACCOUNT_COLUMNS } from '../trainers/trainers.repository.js';
import { UserEntity } from '../users/user.entity.js';
import { LessonCompletionEntity } from './lesson-completion.entity.js';
import { SubscriptionEntity } from './subscription.entity.js';
import { builtOnce, findOneBuiltOnce } from '../../common/database/built-once.js';

export interface NewSubscription {
  userId: number;
  programId: number;
  paymentId: number;
  startedAt: Date;
}

/** One row of `findActiveOfMember`, as the drivers return it: numbers may come as strings, booleans as 0/1. */
interface FollowedRow {
  id: number | string;
  startedAt: Date | string;
  startDate: string | null;
  reminderTime: string | null;
  timezone: string;
  unlock: ProgramUnlock;
  programId: number | string;
  name: string;
  description: string;
  durationDays: number | string;
  priceMinor: number | string;
  currency: string;
  category: string;
  level: string;
  coverImage: string | null;
  isPublished: boolean | number | string;
  createdAt: Date | string;
  updatedAt: Date | string;
  reviewCount: number | string;
  starsTotal: number | string;
  trainerId: number | string;
  trainerUserId: number | string;
  firstName: string;
  lastName: string;
}

/** A member's columns in a trainer's list of subscribers: the UserBrief ones. */
const MEMBER_COLUMNS = [
  'member.id',
  'member.firstName',
  'member.lastName',
  'member.email',
  'member.profilePicture',
  'member.blocked',
];

/** Which of a trainer's subscriptions to list: one programme's (or all), and only inactive ones. */
export interface SubscribersFilter {
  programId?: number;
  /** Only subscriptions started before this instant with no completion in the programme since, not completed. */
  inactiveBefore?: Date;
}

/**
 * Narrows `query` (over `subscription`) to the inactive ones, as SubscriptionsService flags them: started before
 * `before`, no completion in the programme at or after it (idx_lesson_completion_user_id_completed_at), and a
 * lesson of the programme not yet completed (the lessons by number, each looked up in the member's completions).
 */
function whereInactive(query: SelectQueryBuilder<SubscriptionEntity>, before: Date): void {
  const recent = query
    .subQuery()
    .select('1')
    .from(LessonCompletionEntity, 'recent')
    .innerJoin(LessonEntity, 'recentLesson', 'recentLesson.id = recent.lessonId')
    .where('recent.userId = subscription.userId')
    .andWhere('recent.completedAt >= :inactiveBefore')
    .andWhere('recentLesson.programId = subscription.programId')
    .getQuery();
  const done = query
    .subQuery()
    .select('1')
    .from(LessonCompletionEntity, 'done')
    .where('done.userId = subscription.userId')
    .andWhere('done.lessonId = openLesson.id')
    .getQuery();
  const open = query
    .subQuery()
    .select('1')
    .from(LessonEntity, 'openLesson')
    .where('openLesson.programId = subscription.programId')
    .andWhere(`NOT EXISTS ${done}`)
    .getQuery();
  query
    .andWhere('subscription.startedAt < :inactiveBefore', { inactiveBefore: before })
    .andWhere(`NOT EXISTS ${recent}`)
    .andWhere(`EXISTS ${open}`);
}

/** The narrow queries on subscriptions (content access, recording a payment, the members' and trainers' lists). */
@Injectable()
export class SubscriptionsRepository {
  constructor(
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
  ) {}

  /** The member's active subscription to the programme, if any. */
  findActive(userId: number, programId: number, manager?: EntityManager): Promise<SubscriptionEntity | null> {
    const repository = manager ? manager.getRepository(SubscriptionEntity) : this.subscriptions;
    return findOneBuiltOnce('active subscription', repository, {
      where: { userId, programId, activeFlag: 1 },
    });
  }

  /** The active subscriptions of each of `programIds` (absent: none), counted along the programme's index. */
  async countActiveByProgram(programIds: number[]): Promise<Map<number, number>> {
    if (programIds.length === 0) return new Map();
    const rows = await this.subscriptions
      .createQueryBuilder('subscription')
      .select('subscription.programId', 'id')
      .addSelect('COUNT(*)', 'subscribers')
      .where('subscription.activeFlag = 1')
      .andWhere('subscription.programId IN (:...programIds)', { programIds })
      .groupBy('subscription.programId')
      .getRawMany<{ id: number | string; subscribers: number | string }>();
    return new Map(rows.map((row) => [Number(row.id), Number(row.subscribers)]));
  }

  /** The time zone of the member's most recently started active subscription, or null without one. */
  async latestTimezone(userId: number): Promise<string | null> {
    const latest = await this.subscriptions
      .createQueryBuilder('subscription')
      .select('subscription.timezone', 'timezone')
      .where('subscription.userId = :userId', { userId })
      .andWhere('subscription.activeFlag = 1')
      .orderBy('subscription.startedAt', 'DESC')
      .addOrderBy('subscription.id', 'DESC')
      .limit(1)
      .getRawOne<{ timezone: string }>();
    return latest?.timezone ?? null;
  }

  async isActiveSubscriber(userId: number, programId: number): Promise<boolean> {
    return (await this.findActive(userId, programId)) !== null;
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
    // Day 1 is the UTC date it opens, without reminders, until the member sets a schedule.
    const row = repository.create({
      ...subscription,
      status: 'active',
      activeFlag: 1,
      endedAt: null,
      startDate: localDate(subscription.startedAt, 'UTC'),
      reminderTime: null,
      timezone: 'UTC',
      nextReminderAt: null,
    });
    try {
      await repository.insert(row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.findCommittedActive(manager, subscription.userId, subscription.programId);
      if (!winner) throw error;
      return { subscription: winner, created: false };
    }
    return { subscription: row, created: true };
  }

  /**
   * The active subscription as committed by others, even inside a transaction that read before they committed:
   * under MySQL's repeatable read a plain read sees the transaction's snapshot, a locking read the latest row.
   * SQLite has no such snapshot (one writer at a time) and no locking reads.
   */
  private findCommittedActive(
    manager: EntityManager,
    userId: number,
    programId: number,
  ): Promise<SubscriptionEntity | null> {
    const query = manager
      .getRepository(SubscriptionEntity)
      .createQueryBuilder('subscription')
      .where({ userId, programId, activeFlag: 1 });
    if (manager.connection.options.type === 'mysql') query.setLock('pessimistic_write');
    return query.getOne();
  }

  /**
   * Ends an active subscription (unfollowed, or its payment refunded): the row stays as history. False when it
   * was no longer active, e.g. a concurrent call ended it first.
   */
  async end(id: number, status: Exclude<SubscriptionStatus, 'active'>, endedAt: Date): Promise<boolean> {
    const ended = await this.subscriptions.update(
      { id, activeFlag: 1 },
      { status, activeFlag: null, endedAt },
    );
    return ended.affected === 1;
  }

  /**
   * The member's active subscriptions (of `programId` only, when given), oldest first, each with its programme,
   * trainer and trainer's account, in one query. Read as raw rows: TypeORM's hydration of 50 rows joined three ways cost several times the query
   * (docs/performance.md, Subscriptions), and a dashboard needs these few columns only.
   */
  async findActiveOfMember(userId: number, programId?: number): Promise<SubscriptionEntity[]> {
    const query = this.subscriptions
      .createQueryBuilder('subscription')
      .innerJoin('subscription.program', 'program')
      .innerJoin('program.trainer', 'trainer')
      .innerJoin('trainer.user', 'user')
      .select('subscription.id', 'id')
      .addSelect('subscription.startedAt', 'startedAt')
      .addSelect('subscription.startDate', 'startDate')
      .addSelect('subscription.reminderTime', 'reminderTime')
      .addSelect('subscription.timezone', 'timezone')
      .addSelect('program.id', 'programId')
      .addSelect('program.name', 'name')
      .addSelect('program.description', 'description')
      .addSelect('program.durationDays', 'durationDays')
      .addSelect('program.priceMinor', 'priceMinor')
      .addSelect('program.currency', 'currency')
      .addSelect('program.category', 'category')
      .addSelect('program.level', 'level')
      .addSelect('program.coverImage', 'coverImage')
      .addSelect('program.isPublished', 'isPublished')
      .addSelect('program.unlock', 'unlock')
      .addSelect('program.createdAt', 'createdAt')
      .addSelect('program.updatedAt', 'updatedAt')
      .addSelect('program.reviewCount', 'reviewCount')
      .addSelect('program.starsTotal', 'starsTotal')
      .addSelect('program.trainerId', 'trainerId')
      .addSelect('trainer.userId', 'trainerUserId')
      .addSelect('user.firstName', 'firstName')
      .addSelect('user.lastName', 'lastName')
      .where('subscription.userId = :userId', { userId })
      .andWhere('subscription.activeFlag = 1')
      .orderBy('subscription.startedAt', 'ASC')
      .addOrderBy('subscription.id', 'ASC');
    if (programId !== undefined) query.andWhere('subscription.programId = :programId', { programId });
    const shape = programId === undefined ? 'followed programmes' : 'one followed programme';
    const rows = await builtOnce(shape, query).getRawMany<FollowedRow>();
    return rows.map((row) => {
      const user = Object.assign(new UserEntity(), { firstName: row.firstName, lastName: row.lastName });
      const trainer = Object.assign(new TrainerEntity(), {
        id: Number(row.trainerId),
        userId: Number(row.trainerUserId),
        user,
      });
      const program = Object.assign(new ProgramEntity(), {
        id: Number(row.programId),
        trainerId: Number(row.trainerId),
        trainer,
        name: row.name,
        description: row.description,
        durationDays: Number(row.durationDays),
        priceMinor: Number(row.priceMinor),
        currency: row.currency,
        category: row.category,
        level: row.level,
        coverImage: row.coverImage,
        isPublished: Boolean(Number(row.isPublished)),
        unlock: row.unlock,
        createdAt: rawDate(row.createdAt),
        updatedAt: rawDate(row.updatedAt),
        reviewCount: Number(row.reviewCount),
        starsTotal: Number(row.starsTotal),
      });
      return Object.assign(new SubscriptionEntity(), {
        id: Number(row.id),
        userId,
        programId: program.id,
        program,
        status: 'active' as const,
        activeFlag: 1 as const,
        startedAt: rawDate(row.startedAt),
        endedAt: null,
        startDate: row.startDate,
        reminderTime: row.reminderTime,
        timezone: row.timezone,
      });
    });
  }

  /** A subscription by id, active or not, with its programme's id and `unlock`. */
  findWithUnlock(id: number): Promise<SubscriptionEntity | null> {
    return this.withUnlock().where('subscription.id = :id', { id }).getOne();
  }

  /** The member's active subscription to the programme, with the programme's id and `unlock`. */
  findActiveWithUnlock(userId: number, programId: number): Promise<SubscriptionEntity | null> {
    return this.withUnlock()
      .where('subscription.userId = :userId', { userId })
      .andWhere('subscription.programId = :programId', { programId })
      .andWhere('subscription.activeFlag = 1')
      .getOne();
  }

  private withUnlock(): SelectQueryBuilder<SubscriptionEntity> {
    return this.subscriptions
      .createQueryBuilder('subscription')
      .innerJoin('subscription.program', 'program')
      .addSelect(['program.id', 'program.unlock']);
  }

  /**
   * Writes an active subscription's schedule and its next reminder instant. False when it is no longer active (a
   * concurrent unfollow or refund ended it first).
   */
  async saveSchedule(
    id: number,
    schedule: Pick<SubscriptionEntity, 'startDate' | 'reminderTime' | 'timezone' | 'nextReminderAt'>,
  ): Promise<boolean> {
    const saved = await this.subscriptions.update({ id, activeFlag: 1 }, schedule);
    return saved.affected === 1;
  }

  /** The member actively subscribes to a programme of the trainer whose account is `trainerUserId`. */
  isTrainerOfMember(trainerUserId: number, memberUserId: number): Promise<boolean> {
    return this.subscriptions
      .createQueryBuilder('subscription')
      .innerJoin('subscription.program', 'program')
      .innerJoin('program.trainer', 'trainer')
      .where('subscription.userId = :memberUserId', { memberUserId })
      .andWhere('subscription.activeFlag = 1')
      .andWhere('trainer.userId = :trainerUserId', { trainerUserId })
      .getExists();
  }

  /**
   * Whether one of the two follows a programme of the other's: the only pairs who may chat. The same rule as
   * ChatRepository's `subscriptionsWithTrainers`, as one SQL text written once: it runs for every message sent, where building the
   * query cost more than running it (docs/performance.md "Chat").
   */
  async areContacts(a: number, b: number): Promise<boolean> {
    const rows = await this.subscriptions.query(this.contactSql(), [a, b, b, a]);
    return (rows as unknown[]).length > 0;
  }

  private contactSqlText: string | null = null;

  private contactSql(): string {
    if (this.contactSqlText) return this.contactSqlText;
    const name = (table: string) => this.subscriptions.manager.connection.driver.escape(table);
    this.contactSqlText = [
      `SELECT 1 AS found FROM ${name('subscription')} s`,
      `JOIN ${name('program')} p ON p.id = s.program_id`,
      `JOIN ${name('trainer')} t ON t.id = p.trainer_id`,
      `JOIN ${name('user')} m ON m.id = s.user_id`,
      `JOIN ${name('user')} c ON c.id = t.user_id`,
      'WHERE s.active_flag = 1 AND m.blocked = 0 AND c.blocked = 0',
      'AND ((s.user_id = ? AND t.user_id = ?) OR (s.user_id = ? AND t.user_id = ?))',
      'LIMIT 1',
    ].join(' ');
    return this.contactSqlText;
  }

  /** The trainers, with their account, of the member's active subscriptions; blocked trainers are left out. */
  trainersOfMember(userId: number): Promise<TrainerEntity[]> {
    return this.subscriptions.manager
      .createQueryBuilder(TrainerEntity, 'trainer')
      .innerJoin('trainer.user', 'user')
      .addSelect(TRAINER_ACCOUNT_COLUMNS)
      .where((query: SelectQueryBuilder<TrainerEntity>) => {
        const programs = query
          .subQuery()
          .select('program.trainerId')
          .from(ProgramEntity, 'program')
          .innerJoin(SubscriptionEntity, 'subscription', 'subscription.programId = program.id')
          .where('subscription.userId = :userId')
          .andWhere('subscription.activeFlag = 1')
          .getQuery();
        return `trainer.id IN ${programs}`;
      })
      .andWhere('user.blocked = :blocked', { blocked: false })
      .setParameter('userId', userId)
      .orderBy('trainer.id', 'ASC')
      .getMany();
  }

  /**
   * A page of the active subscriptions to the trainer's programmes (or to one of them), newest first, each with
   * the member's brief columns and the programme's id and name. The page is chosen from the subscription index
   * alone (programme, start, id), which a trainer with several programmes sorts but never reads rows for; then the
   * page's rows are read by id. The inactive filter adds two probes per subscription, each along an index of the
   * member's own completions.
   */
  async pageOfTrainer(
    trainerId: number,
    { programId, inactiveBefore }: SubscribersFilter,
    paging: Paging,
  ): Promise<[SubscriptionEntity[], number]> {
    const active = this.subscriptions
      .createQueryBuilder('subscription')
      .innerJoin('subscription.program', 'program')
      .select('subscription.id')
      .where('program.trainerId = :trainerId', { trainerId })
      .andWhere('subscription.activeFlag = 1');
    if (programId !== undefined) active.andWhere('subscription.programId = :programId', { programId });
    if (inactiveBefore !== undefined) whereInactive(active, inactiveBefore);
    active.orderBy('subscription.startedAt', 'DESC').addOrderBy('subscription.id', 'DESC');
    const [page, total] = await pageAndTotal(active, paging);
    if (page.length === 0) return [[], total];
    const rows = await this.subscriptions
      .createQueryBuilder('subscription')
      .innerJoin('subscription.program', 'program')
      .innerJoin('subscription.user', 'member')
      .addSelect(['program.id', 'program.name', ...MEMBER_COLUMNS])
      .where('subscription.id IN (:...ids)', { ids: page.map((subscription) => subscription.id) })
      .getMany();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return [page.flatMap((subscription) => byId.get(subscription.id) ?? []), total];
  }

  /** A page of the distinct members with an active subscription to one of the trainer's programmes, by id. */
  membersOfTrainer(trainerId: number, paging: Paging): Promise<[UserEntity[], number]> {
    return this.subscriptions.manager
      .createQueryBuilder(UserEntity, 'member')
      .select(MEMBER_COLUMNS)
      .where((query: SelectQueryBuilder<UserEntity>) => {
        const members = query
          .subQuery()
          .select('subscription.userId')
          .from(SubscriptionEntity, 'subscription')
          .innerJoin(ProgramEntity, 'program', 'program.id = subscription.programId')
          .where('program.trainerId = :trainerId')
          .andWhere('subscription.activeFlag = 1')
          .getQuery();
        return `member.id IN ${members}`;
      })
      .setParameter('trainerId', trainerId)
      .orderBy('member.id', 'ASC')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .getManyAndCount();
  }
}
