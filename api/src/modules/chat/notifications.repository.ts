import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import type { NotificationCategory } from '@fitcoach/contracts';
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
}
