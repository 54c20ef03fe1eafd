/** How long an e-mail verification link stays valid (docs/architecture.md §5); the mail text says so too. */
export const VERIFY_EMAIL_LINK_TTL_HOURS = 24;

/** The payload of the `mail.verify-email` job: everything the mail needs, so the processor reads no database. */
export interface VerifyEmailJob {
  to: string;
  firstName: string;
  /** The token in clear, for the link; the database keeps only its hash. */
  token: string;
  /** `register` for a new account, `email-change` to confirm a new address of an existing one. */
  purpose: 'register' | 'email-change';
}

/** How long a password reset link stays valid; the mail text says so too. */
export const PASSWORD_RESET_LINK_TTL_MINUTES = 60;

export interface PasswordResetJob {
  to: string;
  firstName: string;
  token: string;
}

/** The payload of `mail.payment-receipt`, sent once a payment is completed (its job id names the payment). */
export interface PaymentReceiptJob {
  to: string;
  firstName: string;
  programName: string;
  programId: number;
  /** In minor units, with the currency: what was charged. */
  amountMinor: number;
  currency: string;
  /** ISO-8601 UTC. */
  paidAt: string;
  orderId: string;
}

/**
 * The payload of `mail.subscription-refunded`, sent once a refunded payment ended the subscription, or, `withdrawn`,
 * once a payment for a programme withdrawn from sale before it completed was given back (no subscription began).
 */
export interface SubscriptionRefundedJob {
  withdrawn?: boolean;
  to: string;
  firstName: string;
  programName: string;
  amountMinor: number;
  currency: string;
  /** ISO-8601 UTC. */
  refundedAt: string;
  orderId: string;
}

/** The payload of `mail.program-rejected`: a superuser sent the trainer's programme back, saying why. */
export interface ProgramRejectedJob {
  to: string;
  firstName: string;
  programName: string;
  reason: string;
}

/** `mail.trainer-left`: the programme's trainer deleted their account; the member's lessons stay open to them. */
export interface TrainerLeftJob {
  to: string;
  firstName: string;
  programName: string;
  programId: number;
}

declare module './jobs.js' {
  interface JobPayloads {
    'mail.program-rejected': ProgramRejectedJob;
    'mail.verify-email': VerifyEmailJob;
    'mail.password-reset': PasswordResetJob;
    'mail.payment-receipt': PaymentReceiptJob;
    'mail.subscription-refunded': SubscriptionRefundedJob;
    'mail.trainer-left': TrainerLeftJob;
  }
}

/**
 * `mail.lesson-reminder`: the member's lesson of the day (docs/product.md, Reminders). `unsubscribeToken` signs the
 * account's one-click unsubscribe link; `opensToday` says the lesson opened today rather than waits since before.
 */
export interface LessonReminderJob {
  to: string;
  firstName: string;
  programName: string;
  programId: number;
  lessonNumber: number;
  lessonTitle: string;
  opensToday: boolean;
  unsubscribeToken: string;
}

declare module './jobs.js' {
  interface JobPayloads {
    'mail.lesson-reminder': LessonReminderJob;
  }
}
