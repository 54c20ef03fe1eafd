import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In, LessThanOrEqual } from 'typeorm';
import type { ProgramUnlock } from '@fitcoach/contracts';
import { isUniqueViolation } from '../../common/database/errors.js';
import { LessonEntity } from '../lessons/lesson.entity.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { LessonCompletionEntity } from '../subscriptions/lesson-completion.entity.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { NotificationSettingEntity } from './notification-setting.entity.js';
import type { ReminderLesson } from './reminder-rules.js';

/**
 * Keys per `IN` list: with a few hundred of a batch's programmes in one list, SQLite reads the programme table whole
 * instead of by key (test/api/query-plans.e2e-spec.ts).
 */
const KEYS_PER_QUERY = 100;

async function byKeys<T>(keys: number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) {
    found.push(...(await read(keys.slice(start, start + KEYS_PER_QUERY))));
  }
  return found;
}

/** A subscription whose reminder time has come. */
export type DueSubscription = Pick<
  SubscriptionEntity,
  'id' | 'userId' | 'programId' | 'activeFlag' | 'startDate' | 'reminderTime' | 'timezone' | 'startedAt'
>;

export type ReminderAccount = Pick<
  UserEntity,
  'id' | 'email' | 'firstName' | 'blocked' | 'deletedAt' | 'isVerified'
>;

export type ReminderSetting = Pick<NotificationSettingEntity, 'userId' | 'reminderEmails' | 'lastReminderOn'>;

export type ReminderProgram = Pick<ProgramEntity, 'id' | 'name'> & { unlock: ProgramUnlock };

/**
 * The reminder job's queries (docs/decisions/059-reminders-at-the-members-hour.md): one range of the
 * `next_reminder_at` index per batch, then the batch's accounts, settings, programmes, lessons and completions by
 * key, and the batch's writes grouped so that a batch costs a few statements, not a few per subscription.
 */
@Injectable()
export class RemindersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Up to `limit` subscriptions due at `now`, the longest-waiting first. */
  due(now: Date, limit: number): Promise<DueSubscription[]> {
    return this.dataSource.getRepository(SubscriptionEntity).find({
      select: {
        id: true,
        userId: true,
        programId: true,
        activeFlag: true,
        startDate: true,
        reminderTime: true,
        timezone: true,
        startedAt: true,
      },
      where: { nextReminderAt: LessThanOrEqual(now) },
      order: { nextReminderAt: 'ASC', id: 'ASC' },
      take: limit,
    });
  }

  accounts(ids: number[]): Promise<ReminderAccount[]> {
    return byKeys(ids, (chunk) =>
      this.dataSource.getRepository(UserEntity).find({
        select: { id: true, email: true, firstName: true, blocked: true, deletedAt: true, isVerified: true },
        where: { id: In(chunk) },
      }),
    );
  }

  settings(userIds: number[]): Promise<ReminderSetting[]> {
    return byKeys(userIds, (chunk) =>
      this.dataSource.getRepository(NotificationSettingEntity).find({
        select: { userId: true, reminderEmails: true, lastReminderOn: true },
        where: { userId: In(chunk) },
      }),
    );
  }

  programs(ids: number[]): Promise<ReminderProgram[]> {
    return byKeys(ids, (chunk) =>
      this.dataSource.getRepository(ProgramEntity).find({
        select: { id: true, name: true, unlock: true },
        where: { id: In(chunk) },
      }),
    );
  }

  lessons(programIds: number[]): Promise<(ReminderLesson & { programId: number })[]> {
    return byKeys(programIds, (chunk) =>
      this.dataSource.getRepository(LessonEntity).find({
        select: { id: true, programId: true, number: true, title: true },
        where: { programId: In(chunk) },
      }),
    );
  }

  /** The lessons the accounts completed, by account: their other completions are read and dropped. */
  completions(userIds: number[]): Promise<{ userId: number; lessonId: number }[]> {
    return byKeys(userIds, (chunk) =>
      this.dataSource.getRepository(LessonCompletionEntity).find({
        select: { userId: true, lessonId: true },
        where: { userId: In(chunk) },
      }),
    );
  }

  /**
   * Moves the subscriptions to their next reminder (null: none again), each group with one statement. Only rows
   * still due at `now` move: one another run moved in between keeps its later time.
   */
  async reschedule(manager: EntityManager, now: Date, next: Map<number, Date | null>): Promise<void> {
    const groups = new Map<string, { at: Date | null; ids: number[] }>();
    for (const [id, at] of next) {
      const key = at === null ? 'null' : String(at.getTime());
      const group = groups.get(key) ?? { at, ids: [] };
      group.ids.push(id);
      groups.set(key, group);
    }
    for (const { at, ids } of groups.values()) {
      await manager
        .createQueryBuilder()
        .update(SubscriptionEntity)
        .set({ nextReminderAt: at })
        .where({ id: In(ids), nextReminderAt: LessThanOrEqual(now) })
        .execute();
    }
  }

  /**
   * Records each account's local date of its reminder: one update per date for accounts with a settings row, one
   * insert for the others (a row another transaction added meanwhile is updated instead).
   */
  async recordReminders(
    manager: EntityManager,
    sent: Map<number, string>,
    withRow: Set<number>,
  ): Promise<void> {
    const byDate = new Map<string, number[]>();
    const fresh: number[] = [];
    for (const [userId, date] of sent) {
      if (!withRow.has(userId)) fresh.push(userId);
      else byDate.set(date, [...(byDate.get(date) ?? []), userId]);
    }
    const settings = manager.getRepository(NotificationSettingEntity);
    for (const [date, userIds] of byDate)
      await settings.update({ userId: In(userIds) }, { lastReminderOn: date });
    if (fresh.length === 0) return;
    const rows = fresh.map((userId) => ({ userId, lastReminderOn: sent.get(userId) ?? null }));
    try {
      await settings.insert(rows);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      for (const row of rows) {
        const updated = await settings.update({ userId: row.userId }, { lastReminderOn: row.lastReminderOn });
        if (!updated.affected) await settings.insert(row);
      }
    }
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
