import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import {
  type ChatMessageUnseenEvent,
  DOMAIN_EVENTS,
  type LessonRemindedEvent,
} from '../../common/events/domain-events.js';
import {
  SESSION_EVENTS,
  type SessionRevokedEvent,
  type UserSessionsRevokedEvent,
} from '../../common/events/session-events.js';
import { PushService } from './push.service.js';

/**
 * Ends a session's push subscriptions with the session (sign-out, a session ended from another device, a password
 * reset, blocking, leaving), and pushes the chat messages nobody saw and the lesson reminders. Failures are logged: the event's cause has
 * already happened.
 */
@Injectable()
export class PushListener {
  private readonly logger = new Logger('Push');

  constructor(private readonly push: PushService) {}

  @OnEvent(SESSION_EVENTS.revoked)
  async sessionEnded({ sessionId }: SessionRevokedEvent): Promise<void> {
    await this.push
      .removeSession(sessionId)
      .catch((error: unknown) =>
        this.logger.error({ err: error }, 'Push subscriptions of an ended session left'),
      );
  }

  @OnEvent(SESSION_EVENTS.allOfUserRevoked)
  async allSessionsEnded({ userId }: UserSessionsRevokedEvent): Promise<void> {
    await this.push
      .removeAllOf(userId)
      .catch((error: unknown) =>
        this.logger.error({ err: error }, `Push subscriptions of account ${userId} left`),
      );
  }

  @OnEvent(DOMAIN_EVENTS.chatMessageUnseen)
  async chatMessageUnseen({ recipientId, senderName, preview }: ChatMessageUnseenEvent): Promise<void> {
    await this.push
      .sendChatMessage(recipientId, senderName, preview)
      .catch((error: unknown) =>
        this.logger.error({ err: error }, `Chat push to account ${recipientId} not queued`),
      );
  }

  @OnEvent(DOMAIN_EVENTS.lessonReminded)
  async lessonReminded({ userId, ...message }: LessonRemindedEvent): Promise<void> {
    await this.push
      .sendReminder(userId, message)
      .catch((error: unknown) =>
        this.logger.error({ err: error }, `Reminder push to account ${userId} not queued`),
      );
  }
}
