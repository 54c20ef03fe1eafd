import { Injectable } from '@nestjs/common';
import { CHAT_SERVER_EVENTS, type NotificationEvent } from '@fitcoach/contracts';
import { PresenceService } from '../../common/realtime/presence.service.js';
import { RealtimeService } from '../../common/realtime/realtime.service.js';
import { type NewNotification, NotificationsRepository } from './notifications.repository.js';

/**
 * Telling a user that something happened (docs/architecture.md §8): live, on every page they have open, when they
 * are online; otherwise stored, and shown on their next visit (`getNotifications`).
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly presence: PresenceService,
    private readonly realtime: RealtimeService,
  ) {}

  /** Whether it was shown live; false: stored for the next visit. */
  async notify(userId: number, notification: Omit<NewNotification, 'userId'>): Promise<boolean> {
    if (await this.presence.recentlyOnline(userId)) {
      const event: NotificationEvent = {
        id: null,
        category: notification.category,
        sender_id: notification.senderId,
        sender: notification.senderName,
        message: notification.message,
        payload: notification.payload,
      };
      this.realtime.toUsers([userId], CHAT_SERVER_EVENTS.notification, event);
      return true;
    }
    await this.notifications.insert({ userId, ...notification });
    return false;
  }
}
