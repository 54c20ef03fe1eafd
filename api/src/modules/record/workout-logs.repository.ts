import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, In, type Repository } from 'typeorm';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { ChatMessageEntity } from '../chat/chat-message.entity.js';
import { WorkoutLogEntity } from './workout-log.entity.js';

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
    return this.logs.find({
      where: { lessonId, userId },
      relations: { program: true },
      order: { performedOn: 'DESC', id: 'DESC' },
    });
  }

  /** One page of a member's logs, newest first; only those of `programIds` when given. */
  async page(
    userId: number,
    { page, pageSize, programIds }: { page: number; pageSize: number; programIds?: number[] },
  ): Promise<Page<WorkoutLogEntity>> {
    const where = programIds ? { userId, programId: In(programIds) } : { userId };
    const [items, total] = await this.logs.findAndCount({
      where,
      relations: { program: true },
      order: { performedOn: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return { items, total, page, pageSize };
  }

  /** The comments on each of `logIds` (chat messages not deleted), oldest first, with their senders. */
  async commentsOf(logIds: number[]): Promise<Map<number, ChatMessageEntity[]>> {
    const comments = new Map<number, ChatMessageEntity[]>();
    if (logIds.length === 0) return comments;
    const messages = await this.messages.find({
      where: { workoutLogId: In(logIds), deletedAt: IsNull() },
      relations: { sender: true },
      order: { id: 'ASC' },
    });
    for (const message of messages) {
      const id = message.workoutLogId as number;
      comments.set(id, [...(comments.get(id) ?? []), message]);
    }
    return comments;
  }
}
