import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, In, type Repository } from 'typeorm';
import { pageAndTotal } from '../../common/database/paging.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { ChatMessageEntity } from '../chat/chat-message.entity.js';
import { WorkoutLogEntity } from './workout-log.entity.js';
import { findBuiltOnce } from '../../common/database/built-once.js';

/** Workout logs and the trainers' comments on them. */
@Injectable()
export class WorkoutLogsRepository {
  constructor(
    @InjectRepository(WorkoutLogEntity) private readonly logs: Repository<WorkoutLogEntity>,
    @InjectRepository(ChatMessageEntity) private readonly messages: Repository<ChatMessageEntity>,
  ) {}

  create(log: Omit<WorkoutLogEntity, 'id' | 'createdAt' | 'updatedAt'>): Promise<WorkoutLogEntity> {
    return this.logs.save(this.logs.create(log));
  }

  save(log: WorkoutLogEntity): Promise<WorkoutLogEntity> {
    return this.logs.save(log);
  }

  async remove(log: WorkoutLogEntity): Promise<void> {
    await this.logs.delete({ id: log.id });
  }

  /** The member's own log, with its programme; null for anyone else's. */
  findOwn(userId: number, id: number): Promise<WorkoutLogEntity | null> {
    return this.logs.findOne({ where: { id, userId }, relations: { program: true } });
  }

  findById(id: number): Promise<WorkoutLogEntity | null> {
    return this.logs.findOne({ where: { id }, relations: { program: { trainer: true } } });
  }

  /** The member's logs of one lesson, newest first. */
  ofLesson(userId: number, lessonId: number): Promise<WorkoutLogEntity[]> {
    return findBuiltOnce('logs of a lesson', this.logs, {
      where: { lessonId, userId },
      relations: { program: true },
      order: { performedOn: 'DESC', id: 'DESC' },
    });
  }

  /**
   * One page of a member's logs, newest first; only those of `programIds` when given. Read along the member's
   * (user_id, performed_on) index, so the programme filter costs no sort.
   */
  async page(
    userId: number,
    { page, pageSize, programIds }: { page: number; pageSize: number; programIds?: number[] },
  ): Promise<Page<WorkoutLogEntity>> {
    if (programIds?.length === 0) return { items: [], total: 0, page, pageSize };
    const where = programIds ? { userId, programId: In(programIds) } : { userId };
    const query = this.logs
      .createQueryBuilder('log')
      .leftJoinAndSelect('log.program', 'program')
      .where(where)
      .orderBy('log.performedOn', 'DESC')
      .addOrderBy('log.id', 'DESC');
    const [items, total] = await pageAndTotal(query, { page, pageSize });
    return { items, total, page, pageSize };
  }

  /** Every log of a member, oldest first, `batchSize` at a time along the (user_id, performed_on) index. */
  async *allOf(userId: number, batchSize = 500): AsyncGenerator<WorkoutLogEntity[]> {
    let last: WorkoutLogEntity | undefined;
    do {
      const query = this.logs
        .createQueryBuilder('log')
        .leftJoinAndSelect('log.program', 'program')
        .where('log.userId = :userId', { userId });
      if (last) {
        query.andWhere('(log.performedOn > :on OR (log.performedOn = :on AND log.id > :id))', {
          on: last.performedOn,
          id: last.id,
        });
      }
      const batch = await query
        .orderBy('log.performedOn', 'ASC')
        .addOrderBy('log.id', 'ASC')
        .limit(batchSize)
        .getMany();
      if (batch.length > 0) yield batch;
      last = batch.length === batchSize ? batch.at(-1) : undefined;
    } while (last);
  }

  /**
   * The comments on each of `logIds`, the member's logs (chat messages to them, not deleted), oldest first, with
   * their senders. Naming the member lets the planner read their messages by index whatever it thinks of the
   * log column, which is null on nearly every message.
   */
  async commentsOf(userId: number, logIds: number[]): Promise<Map<number, ChatMessageEntity[]>> {
    const comments = new Map<number, ChatMessageEntity[]>();
    if (logIds.length === 0) return comments;
    const messages = await this.messages.find({
      where: { recipientId: userId, workoutLogId: In(logIds), deletedAt: IsNull() },
      relations: { sender: true },
    });
    // Sorted here: a handful of rows, and the database would sort them through a temporary B-tree.
    messages.sort((a, b) => a.id - b.id);
    for (const message of messages) {
      const id = message.workoutLogId as number;
      comments.set(id, [...(comments.get(id) ?? []), message]);
    }
    return comments;
  }
}
