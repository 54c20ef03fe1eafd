import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { fullName, type NotificationCategory } from '@fitcoach/contracts';
import { ProgramEntity } from '../programs/program.entity.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { NotificationEntity } from './notification.entity.js';

export interface NewNotification {
  userId: number;
  senderId: number | null;
  senderName: string;
  category: NotificationCategory;
  message: string;
  payload: Record<string, unknown> | null;
}

/** Stored notifications: written when something happens to a user, read once. */
@Injectable()
export class NotificationsRepository {
  constructor(
    @InjectRepository(NotificationEntity) private readonly notifications: Repository<NotificationEntity>,
  ) {}

  insert(notification: NewNotification): Promise<NotificationEntity> {
    const { payload, ...rest } = notification;
    return this.notifications.save(
      this.notifications.create({
        ...rest,
        payload: payload === null ? null : JSON.stringify(payload),
        readAt: null,
      }),
    );
  }

  /**
   * The user's unread notifications, oldest first, marked read as they are taken: each row's update is
   * conditional on it still being unread, so two concurrent calls never both return the same notification.
   */
  async takeUnread(userId: number): Promise<NotificationEntity[]> {
    const unread = await this.notifications.find({
      where: { userId, readAt: IsNull() },
      order: { id: 'ASC' },
    });
    if (unread.length === 0) return [];
    const now = new Date();
    const taken: NotificationEntity[] = [];
    for (const notification of unread) {
      const result = await this.notifications.update(
        { id: notification.id, readAt: IsNull() },
        { readAt: now },
      );
      if ((result.affected ?? 0) > 0) taken.push(notification);
    }
    return taken;
  }

  /** The message notifications from `senderId` count as seen once the user reads that conversation. */
  async markMessagesFromRead(userId: number, senderId: number): Promise<void> {
    await this.notifications.update(
      { userId, senderId, category: 'message', readAt: IsNull() },
      { readAt: new Date() },
    );
  }

  /** A programme's name and its trainer's account id: whom its news is for. */
  async programmeAndTrainer(programId: number): Promise<{ name: string; trainerUserId: number } | null> {
    const row = await this.notifications.manager
      .createQueryBuilder(ProgramEntity, 'program')
      .innerJoin(TrainerEntity, 'trainer', 'trainer.id = program.trainerId')
      .select('program.name', 'name')
      .addSelect('trainer.userId', 'trainerUserId')
      .where('program.id = :programId', { programId })
      .getRawOne<{ name: string; trainerUserId: number | string }>();
    return row ? { name: row.name, trainerUserId: Number(row.trainerUserId) } : null;
  }

  /** A user's full name, or null for an account that is gone. */
  async nameOf(userId: number): Promise<string | null> {
    const user = await this.notifications.manager.findOne(UserEntity, {
      select: { id: true, firstName: true, lastName: true },
      where: { id: userId },
    });
    return user ? fullName(user.firstName, user.lastName) : null;
  }
}
