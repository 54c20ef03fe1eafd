import { Inject, Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import {
  DOMAIN_EVENTS,
  type ProgramPublicationChangedEvent,
  type ProgramRejectedEvent,
  type SubscriptionStartedEvent,
} from '../../common/events/domain-events.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';
import { type NewNotification, NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';

export const TRAINER_NEWS = {
  newSubscriber: (member: string, programme: string) => `${member} subscribed to ${programme}`,
  published: (programme: string) => `Your programme ${programme} is published`,
  blocked: (programme: string) => `Your programme ${programme} was blocked by the admin`,
  rejected: (programme: string, reason: string) => `Your programme ${programme} was not approved: ${reason}`,
} as const;

/** The stored notification's message column; the whole reason is on the programme (`rejection_reason`). */
const NOTIFICATION_MAX_LENGTH = 255;

/** At most the column's length in characters (code points, as the database counts them). */
export function clipNotification(text: string): string {
  const characters = [...text];
  if (characters.length <= NOTIFICATION_MAX_LENGTH) return text;
  return `${characters.slice(0, NOTIFICATION_MAX_LENGTH - 1).join('')}…`;
}

/**
 * Tells trainers what happened to their programmes (docs/architecture.md §8): a new subscriber, a publication, a
 * block, a rejection. The change's request waits for it (`emitAsync`), so the news is there when the answer is; a failure here is
 * logged and never undoes or fails the change.
 */
@Injectable()
export class TrainerNewsListener {
  private readonly logger = new Logger(TrainerNewsListener.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lookups: NotificationsRepository,
    private readonly notifications: NotificationsService,
  ) {}

  @OnEvent(DOMAIN_EVENTS.subscriptionStarted)
  async onSubscriptionStarted({ userId, programId }: SubscriptionStartedEvent): Promise<void> {
    try {
      const [programme, member] = await Promise.all([
        this.lookups.programmeAndTrainer(programId),
        this.lookups.nameOf(userId),
      ]);
      if (!programme || member === null) return;
      await this.notifications.notify(programme.trainerUserId, {
        category: 'subscriber',
        senderId: userId,
        senderName: member,
        message: TRAINER_NEWS.newSubscriber(member, programme.name),
        payload: { program_id: programId, user_id: userId },
      });
    } catch (error) {
      this.logger.error(
        { err: error },
        `Could not tell the trainer of programme ${programId} of a subscriber`,
      );
    }
  }

  @OnEvent(DOMAIN_EVENTS.programPublicationChanged)
  async onPublicationChanged({ programId, published }: ProgramPublicationChangedEvent): Promise<void> {
    await this.tellFromSite(programId, 'its publication', (name) => ({
      message: published ? TRAINER_NEWS.published(name) : TRAINER_NEWS.blocked(name),
      payload: { program_id: programId, published },
    }));
  }

  @OnEvent(DOMAIN_EVENTS.programRejected)
  async onRejected({ programId, reason }: ProgramRejectedEvent): Promise<void> {
    await this.tellFromSite(programId, 'its rejection', (name) => ({
      message: clipNotification(TRAINER_NEWS.rejected(name, reason)),
      payload: { program_id: programId, published: false, reason },
    }));
  }

  /** Tells the trainer of `programId` the news `news` writes from the programme's name; `about` names it in the log. */
  private async tellFromSite(
    programId: number,
    about: string,
    news: (programme: string) => Pick<NewNotification, 'message' | 'payload'>,
  ): Promise<void> {
    try {
      const programme = await this.lookups.programmeAndTrainer(programId);
      if (!programme) return;
      await this.notifications.notify(programme.trainerUserId, {
        category: 'program',
        senderId: null,
        // The site itself signs the news it sends.
        senderName: this.config.siteName,
        ...news(programme.name),
      });
    } catch (error) {
      this.logger.error({ err: error }, `Could not tell the trainer of programme ${programId} of ${about}`);
    }
  }
}
