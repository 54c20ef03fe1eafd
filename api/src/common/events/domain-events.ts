/** Emitted after their transaction committed, so that other modules react without the cause knowing them. */
export const DOMAIN_EVENTS = {
  subscriptionStarted: 'subscription.started',
  programPublicationChanged: 'program.publication-changed',
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
