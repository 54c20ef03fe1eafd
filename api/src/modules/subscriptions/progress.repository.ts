import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository, type SelectQueryBuilder } from 'typeorm';
import { completionPercentage } from '@fitcoach/contracts';
import { isUniqueViolation } from '../../common/database/errors.js';
import { rawDate } from '../../common/database/raw-date.js';
import { LessonEntity } from '../lessons/lesson.entity.js';
import { LessonCompletionEntity } from './lesson-completion.entity.js';
import { SubscriptionEntity } from './subscription.entity.js';
import { builtOnce, findOneBuiltOnce } from '../../common/database/built-once.js';

/** A member in a programme, whose progress is asked for. */
export interface Enrolment {
  userId: number;
  programId: number;
}

/** A member's standing in a programme: see `progressOf`. */
export interface EnrolmentProgress {
  percentage: number;
  completed: boolean;
  lastCompletedAt: Date | null;
}

/** One member's completions in one programme, as the drivers return them. */
interface CompletionsRow {
  userId: number | string;
  programId: number | string;
  count: number | string;
  last: Date | string | null;
}

const enrolmentKey = (userId: number, programId: number) => `${userId}:${programId}`;

/**
 * Lesson completions and the percentages computed from them, never stored. A percentage is the share of the
 * programme's current lessons that the member completed: deleting a lesson deletes its completions (cascade), so
 * it stays within 0..100, and a lesson added later lowers it.
 */
@Injectable()
export class ProgressRepository {
  constructor(
    @InjectRepository(LessonEntity) private readonly lessons: Repository<LessonEntity>,
    @InjectRepository(LessonCompletionEntity)
    private readonly completions: Repository<LessonCompletionEntity>,
  ) {}

  findLesson(programId: number, number: number): Promise<LessonEntity | null> {
    return findOneBuiltOnce('lesson by number', this.lessons, { where: { programId, number } });
  }

  /**
   * Records the completion once: false when it was there already. The unique index decides between concurrent
   * marks, so two of them make one row and neither fails.
   */
  async markCompleted(userId: number, lessonId: number, completedAt: Date): Promise<boolean> {
    if (await this.completions.existsBy({ userId, lessonId })) return false;
    try {
      await this.completions.insert({ userId, lessonId, completedAt });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * Copies the member's progress in the programme onto their active subscription, which the trainer's insights
   * read: the latest completion, and once no lesson is left the finish (the first time only).
   */
  async syncSubscription(enrolment: Enrolment): Promise<void> {
    const { userId, programId } = enrolment;
    const { completed, lastCompletedAt } = (await this.progressOf([enrolment]))(enrolment);
    const subscriptions = this.completions.manager.getRepository(SubscriptionEntity);
    await subscriptions.update({ userId, programId, activeFlag: 1 }, { lastCompletedAt });
    if (completed && lastCompletedAt) {
      await subscriptions.update(
        { userId, programId, activeFlag: 1, finishedAt: IsNull() },
        { finishedAt: lastCompletedAt },
      );
    }
  }

  /**
   * Each enrolment's percentage, whether every lesson is done (a programme without lessons is: nothing is left),
   * and the member's latest completion in the programme (null for none), from the same two grouped queries.
   */
  async progressOf(enrolments: Enrolment[]): Promise<(enrolment: Enrolment) => EnrolmentProgress> {
    if (enrolments.length === 0) return () => ({ percentage: 0, completed: true, lastCompletedAt: null });
    const programIds = [...new Set(enrolments.map((e) => e.programId))];
    const userIds = [...new Set(enrolments.map((e) => e.userId))];
    const [lessonCounts, completionCounts] = await Promise.all([
      builtOnce(
        'lessons of programmes',
        this.lessons
          .createQueryBuilder('lesson')
          .select('lesson.programId', 'programId')
          .addSelect('COUNT(lesson.id)', 'count')
          .where('lesson.programId IN (:...programIds)', { programIds })
          .groupBy('lesson.programId'),
      ).getRawMany<{ programId: number | string; count: number | string }>(),
      builtOnce(
        'completions in programmes',
        this.completions
          .createQueryBuilder('completion')
          // MySQL and MariaDB otherwise start from the programmes' lessons and read every completion of each: a
          // trainer with thousands of members made that 22 ms. The members' own completions are a few dozen each.
          .useIndex('uq_lesson_completion_user_id_lesson_id')
          .innerJoin('completion.lesson', 'lesson')
          .select('completion.userId', 'userId')
          .addSelect('lesson.programId', 'programId')
          .addSelect('COUNT(completion.id)', 'count')
          .addSelect('MAX(completion.completedAt)', 'last')
          .where('completion.userId IN (:...userIds)', { userIds })
          .andWhere('lesson.programId IN (:...programIds)', { programIds })
          .groupBy('completion.userId')
          .addGroupBy('lesson.programId'),
      ).getRawMany<CompletionsRow>(),
    ]);
    const lessons = new Map(lessonCounts.map((row) => [Number(row.programId), Number(row.count)]));
    const completed = new Map(
      completionCounts.map((row) => [enrolmentKey(Number(row.userId), Number(row.programId)), row]),
    );
    return ({ userId, programId }) => {
      const total = lessons.get(programId) ?? 0;
      const row = completed.get(enrolmentKey(userId, programId));
      const done = Number(row?.count ?? 0);
      return {
        percentage: completionPercentage(done, total),
        completed: done >= total,
        lastCompletedAt: row?.last ? rawDate(row.last) : null,
      };
    };
  }

  /** The enrolment's percentage: a whole number, 100 only when every lesson is done. */
  async percentage(enrolment: Enrolment): Promise<number> {
    return (await this.progressOf([enrolment]))(enrolment).percentage;
  }

  /**
   * The instants of all the member's completions, oldest first, read from idx_lesson_completion_user_id_completed_at
   * alone: a streak's longest run needs every day, and a member's completions stay in the thousands at most.
   */
  async completionInstants(userId: number): Promise<Date[]> {
    const rows = await this.completions
      .createQueryBuilder('completion')
      .select('completion.completedAt', 'completedAt')
      .where('completion.userId = :userId', { userId })
      .orderBy('completion.completedAt', 'ASC')
      .getRawMany<{ completedAt: Date | string }>();
    return rows.map((row) => rawDate(row.completedAt));
  }

  /**
   * The numbers of the programme's lessons that the member completed, in lesson order (the player ticks them): the
   * programme's lessons in number order, each looked up among the member's completions, so nothing is sorted.
   */
  async completedNumbers({ userId, programId }: Enrolment): Promise<number[]> {
    const query = this.lessons
      .createQueryBuilder('lesson')
      .select('lesson.number', 'number')
      .where('lesson.programId = :programId', { programId })
      .andWhere((query: SelectQueryBuilder<LessonEntity>) => {
        const completed = query
          .subQuery()
          .select('1')
          .from(LessonCompletionEntity, 'completion')
          .where('completion.userId = :userId')
          .andWhere('completion.lessonId = lesson.id')
          .getQuery();
        return `EXISTS ${completed}`;
      })
      .setParameter('userId', userId)
      .orderBy('lesson.number', 'ASC');
    const rows = await builtOnce('completed lesson numbers', query).getRawMany<{ number: number | string }>();
    return rows.map((row) => Number(row.number));
  }

  /**
   * For each of `programIds`, its lesson numbers and those the member completed, by number, in one query: each
   * lesson with whether the member's completion of it exists (the completions' unique index answers that).
   */
  async lessonDays(
    userId: number,
    programIds: number[],
  ): Promise<Map<number, { lessonNumbers: number[]; completed: number[] }>> {
    const days = new Map(
      programIds.map((id) => [id, { lessonNumbers: [] as number[], completed: [] as number[] }]),
    );
    if (programIds.length === 0) return days;
    const query = this.lessons
      .createQueryBuilder('lesson')
      .select('lesson.programId', 'programId')
      .addSelect('lesson.number', 'number')
      .addSelect(
        (query: SelectQueryBuilder<LessonEntity>) =>
          query
            .select('COUNT(*)')
            .from(LessonCompletionEntity, 'completion')
            .where('completion.userId = :userId')
            .andWhere('completion.lessonId = lesson.id'),
        'done',
      )
      .where('lesson.programId IN (:...programIds)', { programIds })
      .setParameter('userId', userId)
      .orderBy('lesson.programId', 'ASC')
      .addOrderBy('lesson.number', 'ASC');
    const rows = await builtOnce('lesson days', query).getRawMany<{
      programId: number | string;
      number: number | string;
      done: number | string;
    }>();
    for (const row of rows) {
      const programme = days.get(Number(row.programId));
      if (!programme) continue;
      programme.lessonNumbers.push(Number(row.number));
      if (Number(row.done) > 0) programme.completed.push(Number(row.number));
    }
    return days;
  }
}
