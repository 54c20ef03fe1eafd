/**
 * Things that happened, announced in this process (`@nestjs/event-emitter`, `emitAsync`: the request waits for the
 * listeners) after their transaction committed, for whoever reacts to them (the trainers' notifications) without the
 * module that caused them knowing about it.
 */
export const DOMAIN_EVENTS = {
  /** A member's subscription started (a payment captured, or a follow with an unused payment). */
  subscriptionStarted: 'subscription.started',
  /** A superuser published or blocked a programme. */
  programPublicationChanged: 'program.publication-changed',
  /** A superuser sent a programme waiting for approval back to its trainer. */
  programRejected: 'program.rejected',
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
