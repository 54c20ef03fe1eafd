/** Emitted after their transaction committed, so that other modules react without the cause knowing them. */
export const DOMAIN_EVENTS = {
  subscriptionStarted: 'subscription.started',
  programPublicationChanged: 'program.publication-changed',
  programRejected: 'program.rejected',
  /** A chat message reached none of its recipient's pages: they are told some other way. */
  chatMessageUnseen: 'chat.message-unseen',
  /** A member was sent today's lesson reminder: their devices hear of it too. */
  lessonReminded: 'lesson.reminded',
} as const;

export interface SubscriptionStartedEvent {
  userId: number;
  programId: number;
}

export interface ProgramPublicationChangedEvent {
  programId: number;
  published: boolean;
}

export interface ProgramRejectedEvent {
  programId: number;
  reason: string;
}

export interface ChatMessageUnseenEvent {
  recipientId: number;
  senderName: string;
  /** The text's start, or what stands for an image. */
  preview: string;
}

export interface LessonRemindedEvent {
  userId: number;
  title: string;
  body: string;
  url: string;
}
