import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository, type SelectQueryBuilder } from 'typeorm';
import { ProgramEntity } from '../programs/program.entity.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { ChatMessageEntity } from './chat-message.entity.js';

export interface NewChatMessage {
  senderId: number;
  recipientId: number;
  type: ChatMessageEntity['type'];
  text: string | null;
  image: string | null;
  forwarded: boolean;
  /** A trainer's comment on one of the recipient's workout logs. */
  workoutLogId?: number | null;
}

/** The account columns a message shows of its sender. */
const SENDER_COLUMNS = ['sender.id', 'sender.firstName', 'sender.lastName'];

/** Chat messages and the contact relation they depend on (docs/architecture.md §8). */
@Injectable()
export class ChatRepository {
  constructor(
    @InjectRepository(ChatMessageEntity) private readonly messages: Repository<ChatMessageEntity>,
  ) {}

  /** Active subscriptions joined to the programme's trainer and both accounts, neither of them blocked. */
  private subscriptionsWithTrainers(): SelectQueryBuilder<SubscriptionEntity> {
    return this.messages.manager
      .createQueryBuilder(SubscriptionEntity, 'subscription')
      .innerJoin(ProgramEntity, 'program', 'program.id = subscription.programId')
      .innerJoin(TrainerEntity, 'trainer', 'trainer.id = program.trainerId')
      .innerJoin(UserEntity, 'member', 'member.id = subscription.userId')
      .innerJoin(UserEntity, 'coach', 'coach.id = trainer.userId')
      .where('subscription.activeFlag = 1')
      .andWhere('member.blocked = :blocked AND coach.blocked = :blocked', { blocked: false });
  }

  /** The user ids of everyone the user may chat with: their programmes' trainers and their subscribers. */
  async contactIds(userId: number): Promise<number[]> {
    const [trainers, members] = await Promise.all([
      this.subscriptionsWithTrainers()
        .select('DISTINCT trainer.userId', 'id')
        .andWhere('subscription.userId = :userId', { userId })
        .getRawMany<{ id: number | string }>(),
      this.subscriptionsWithTrainers()
        .select('DISTINCT subscription.userId', 'id')
        .andWhere('trainer.userId = :userId', { userId })
        .getRawMany<{ id: number | string }>(),
    ]);
    const ids = new Set([...trainers, ...members].map((row) => Number(row.id)));
    ids.delete(userId);
    return [...ids].sort((x, y) => x - y);
  }

  /**
   * One INSERT, outside a transaction and without reading the row back (as `save` would): every message takes this
   * path (docs/performance.md "Chat"). The times are whole seconds, as the column's default would store them.
   */
  async insert(message: NewChatMessage): Promise<ChatMessageEntity> {
    const [lowId, highId] =
      message.senderId < message.recipientId
        ? [message.senderId, message.recipientId]
        : [message.recipientId, message.senderId];
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const row = this.messages.create({
      ...message,
      lowId,
      highId,
      readAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    const result = await this.messages
      .createQueryBuilder()
      .insert()
      .values(row)
      .updateEntity(false)
      .execute();
    row.id = insertedId(result.raw);
    return row;
  }

  /** Messages (`message`) with their sender's name (`sender`). */
  private withSender() {
    return this.messages
      .createQueryBuilder('message')
      .innerJoin('message.sender', 'sender')
      .addSelect(SENDER_COLUMNS);
  }

  /** A message with its sender's name. */
  findWithSender(id: number): Promise<ChatMessageEntity | null> {
    return this.withSender().where('message.id = :id', { id }).getOne();
  }

  /** Up to `limit` messages of the conversation older than `before` (all when null), newest last. */
  async history(a: number, b: number, before: number | null, limit: number): Promise<ChatMessageEntity[]> {
    const query = this.withSender().where('message.lowId = :low AND message.highId = :high', {
      low: Math.min(a, b),
      high: Math.max(a, b),
    });
    if (before !== null) query.andWhere('message.id < :before', { before });
    const page = await query.orderBy('message.id', 'DESC').limit(limit).getMany();
    return page.reverse();
  }

  /** Soft delete: the row stays, its content goes. False when it was already deleted. */
  async markDeleted(id: number, at: Date): Promise<boolean> {
    const result = await this.messages.update(
      { id, deletedAt: IsNull() },
      { deletedAt: at, text: null, image: null },
    );
    return (result.affected ?? 0) > 0;
  }

  /** Marks what `senderId` sent to `recipientId` as read; returns how many were unread. */
  async markRead(recipientId: number, senderId: number, at: Date): Promise<number> {
    const result = await this.messages.update({ recipientId, senderId, readAt: IsNull() }, { readAt: at });
    return result.affected ?? 0;
  }

  /** Unread, undeleted messages to the user, per sender. */
  async unreadCounts(userId: number): Promise<Map<number, number>> {
    const rows = await this.messages
      .createQueryBuilder('message')
      .select('message.senderId', 'sender')
      .addSelect('COUNT(*)', 'unread')
      .where('message.recipientId = :userId', { userId })
      .andWhere('message.readAt IS NULL')
      .andWhere('message.deletedAt IS NULL')
      .groupBy('message.senderId')
      .getRawMany<{ sender: number | string; unread: number | string }>();
    return new Map(rows.map((row) => [Number(row.sender), Number(row.unread)]));
  }

  /** Whether an undeleted message still shows the image (a forwarded copy shares its file). */
  imageInUse(image: string): Promise<boolean> {
    return this.messages.exists({ where: { image, deletedAt: IsNull() } });
  }

  /** The accounts of the given contacts: what the sidebar shows of them. */
  accounts(ids: readonly number[]): Promise<UserEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.messages.manager
      .createQueryBuilder(UserEntity, 'user')
      .select(['user.id', 'user.firstName', 'user.lastName', 'user.profilePicture'])
      .where('user.id IN (:...ids)', { ids: [...ids] })
      .getMany();
  }

  /** The ids of the user's contacts who are trainers of a programme the user follows. */
  async trainerIdsOf(userId: number): Promise<Set<number>> {
    const rows = await this.subscriptionsWithTrainers()
      .select('DISTINCT trainer.userId', 'id')
      .andWhere('subscription.userId = :userId', { userId })
      .getRawMany<{ id: number | string }>();
    return new Set(rows.map((row) => Number(row.id)));
  }

  /**
   * The latest message of each of the user's conversations, with its sender's name. The user is the low or the high
   * id of each conversation: each side is grouped along the index that starts with it, in the index's order, so no
   * sort of the user's history is needed; then the messages found are read by id.
   */
  async latestPerConversation(userId: number): Promise<ChatMessageEntity[]> {
    const latest = (side: 'lowId' | 'highId', other: 'lowId' | 'highId') =>
      this.messages
        .createQueryBuilder('conversation')
        .select('MAX(conversation.id)', 'id')
        .where(`conversation.${side} = :userId`, { userId })
        .groupBy(`conversation.${other}`)
        .getRawMany<{ id: number | string }>();
    const sides = await Promise.all([latest('lowId', 'highId'), latest('highId', 'lowId')]);
    const ids = sides.flat().map((row) => Number(row.id));
    if (ids.length === 0) return [];
    return this.withSender().where('message.id IN (:...ids)', { ids }).getMany();
  }
}

/** The new row's id: MySQL answers an `insertId`, better-sqlite3 the `lastInsertRowid` itself. */
function insertedId(raw: unknown): number {
  return Number(typeof raw === 'object' && raw !== null && 'insertId' in raw ? raw.insertId : raw);
}
