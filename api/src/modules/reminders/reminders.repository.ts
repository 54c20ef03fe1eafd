import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type DataSource,
  type EntityManager,
  type EntityTarget,
  In,
  LessThanOrEqual,
  type ObjectLiteral,
} from 'typeorm';
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

  // Raw rows, not entities: a run reads hundreds of thousands of completions, and hydrating them costs seconds.

  async accounts(ids: number[]): Promise<ReminderAccount[]> {
    const rows = await byKeys(ids, (chunk) =>
      this.raw<{
        id: number;
        email: string;
        firstName: string;
        blocked: unknown;
        deletedAt: unknown;
        isVerified: unknown;
      }>(
        UserEntity,
        'u',
        {
          id: 'u.id',
          email: 'u.email',
          firstName: 'u.first_name',
          blocked: 'u.blocked',
          deletedAt: 'u.deleted_at',
          isVerified: 'u.is_verified',
        },
        'u.id IN (:...chunk)',
        chunk,
      ),
    );
    return rows.map((row) => ({
      id: Number(row.id),
      email: row.email,
      firstName: row.firstName,
      blocked: Boolean(Number(row.blocked)),
      deletedAt: row.deletedAt === null ? null : new Date(String(row.deletedAt)),
      isVerified: Boolean(Number(row.isVerified)),
    }));
  }

  async settings(userIds: number[]): Promise<ReminderSetting[]> {
    const rows = await byKeys(userIds, (chunk) =>
      this.raw<{ userId: number; reminderEmails: unknown; lastReminderOn: string | null }>(
        NotificationSettingEntity,
        's',
        { userId: 's.user_id', reminderEmails: 's.reminder_emails', lastReminderOn: 's.last_reminder_on' },
        's.user_id IN (:...chunk)',
        chunk,
      ),
    );
    return rows.map((row) => ({
      userId: Number(row.userId),
      reminderEmails: Boolean(Number(row.reminderEmails)),
      lastReminderOn: row.lastReminderOn,
    }));
  }

  async programs(ids: number[]): Promise<ReminderProgram[]> {
    const rows = await byKeys(ids, (chunk) =>
      this.raw<ReminderProgram>(
        ProgramEntity,
        'p',
        { id: 'p.id', name: 'p.name', unlock: 'p.unlock' },
        'p.id IN (:...chunk)',
        chunk,
      ),
    );
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  async lessons(programIds: number[]): Promise<(ReminderLesson & { programId: number })[]> {
    const rows = await byKeys(programIds, (chunk) =>
      this.raw<ReminderLesson & { programId: number }>(
        LessonEntity,
        'l',
        { id: 'l.id', programId: 'l.program_id', number: 'l.number', title: 'l.title' },
        'l.program_id IN (:...chunk)',
        chunk,
      ),
    );
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      programId: Number(row.programId),
      number: Number(row.number),
    }));
  }

  /** The lessons the accounts completed, by account: their other completions are read and dropped. */
  async completions(userIds: number[]): Promise<{ userId: number; lessonId: number }[]> {
    const rows = await byKeys(userIds, (chunk) =>
      this.raw<{ userId: number; lessonId: number }>(
        LessonCompletionEntity,
        'c',
        { userId: 'c.user_id', lessonId: 'c.lesson_id' },
        'c.user_id IN (:...chunk)',
        chunk,
      ),
    );
    return rows.map((row) => ({ userId: Number(row.userId), lessonId: Number(row.lessonId) }));
  }

  private raw<T>(
    entity: EntityTarget<ObjectLiteral>,
    alias: string,
    columns: Record<string, string>,
    where: string,
    chunk: number[],
  ): Promise<T[]> {
    const query = this.dataSource.getRepository(entity).createQueryBuilder(alias).select([]);
    for (const [name, column] of Object.entries(columns)) query.addSelect(column, name);
    return query.where(where, { chunk }).getRawMany<T>();
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
