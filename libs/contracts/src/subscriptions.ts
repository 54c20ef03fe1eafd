import type { Currency } from './enums.js';
import type { ScheduleDay, SubscriptionScheduleResponse } from './coaching.js';
import type { ProgramResponse } from './dto/catalogue.dto.js';

/** docs/architecture.md §7: PayPal, or the labelled test provider when no PayPal credentials are configured. */
export const PAYMENT_PROVIDERS = ['paypal', 'test'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_STATUSES = ['created', 'completed', 'refunded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'refunded'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_EVENT_STATUSES = ['received', 'processed', 'ignored'] as const;
export type PaymentEventStatus = (typeof PAYMENT_EVENT_STATUSES)[number];

/** The texts members see about subscribing and progress (docs/product.md §2, §8; docs/api.md). */
export const SUBSCRIPTION_MESSAGES = {
  subscribed: 'Successfully subscribed to the Programme',
  alreadySubscribed: 'You are already subscribed to this program',
  paymentRequired: 'Payment required',
  unsubscribed: 'Successfully unsubscribed from the program',
  notSubscribed: 'You are not subscribed to this program',
  lessonCompleted: 'Lesson marked as completed',
  lessonAlreadyCompleted: 'Lesson already marked as completed',
  loginFirst: 'Please Login First !',
} as const;

export const transactionCompletedMessage = (payerName: string) => `Transaction completed by ${payerName}`;

/** Which checkout the web shows; PayPal's `client_id` and `sdk_url` are null for the test provider. */
export interface PaymentsConfigResponse {
  provider: PaymentProvider;
  client_id: string | null;
  currencies: Currency[];
  sdk_url: string | null;
}

/** The texts of the payment endpoints' answers and refusals (docs/decisions/013-payments-design.md). */
export const PAYMENT_MESSAGES = {
  ownProgram: 'You cannot subscribe to your own programme',
  currencyMismatch: (currency: string) => `This programme is sold in ${currency} only`,
  orderNotFound: 'Order not found',
  declined: 'Your payment method was declined by PayPal. Please try another one.',
  unavailable: 'PayPal is not reachable right now. Please try again.',
  notApproved: 'Please approve the payment at PayPal first.',
  orderExpired: 'This PayPal order has expired. Please start the payment again.',
  notCompleted: 'PayPal has not completed this payment yet. Your subscription starts as soon as it does.',
  mismatch: 'The payment PayPal reported does not match this order. No subscription was started.',
  orderClosed: 'This order can no longer be paid. Please start the payment again.',
  webhookUnsigned: 'Webhook signature headers are missing',
  webhookForged: 'Webhook signature could not be verified',
  webhookMalformed: 'Webhook event must have an id and an event_type',
  webhooksOff: 'PayPal webhooks are not configured',
} as const;

/** `approve_url` is for a browser without JavaScript; null for the test provider, which approves at once. */
export interface CreateOrderResponse {
  id: string;
  approve_url: string | null;
}

export interface SubscriptionResponse {
  id: number;
  user: number;
  program: number;
  status: SubscriptionStatus;
  started_at: string;
}

/** `POST /api/payments/paypal/orders/{orderId}/capture/` (200). */
export interface CaptureResponse {
  message: string;
  subscription: SubscriptionResponse;
}

/**
 * A followed programme: the Program, the member's progress, and the subscription's schedule (its id, day 1, reminder
 * time and time zone, today's lesson and when the next locked lesson opens; see SubscriptionScheduleResponse).
 */
export type FollowedProgram = ProgramResponse &
  Omit<SubscriptionScheduleResponse, 'subscription_id'> & {
    progress: number;
    subscribed_on: string;
    subscription_id: number;
    /** With `?calendar=1` only: the schedule's days, as `GET /api/subscriptions/{id}/schedule/` gives them. */
    calendar?: ScheduleDay[];
  };

/** `GET /api/users/getFollowedPrograms/`: one container per member, as the spec's client reads it. */
export interface FollowedProgramsResponse {
  id: number;
  user: number;
  created_on: string;
  status: string;
  program: FollowedProgram[];
}

/** `GET /api/trainers/get_subscribers/`: one entry per subscription to one of the caller's programmes. */
export interface SubscriberEntry {
  user: number;
  username: string;
  created_on: string;
  status: SubscriptionStatus;
  progress: number;
  program: { id: number; program_name: string }[];
  /** The later of the subscription's start and the member's latest completion in the programme (ISO instant). */
  last_activity: string;
  /** `last_activity` more than INACTIVE_AFTER_DAYS ago while the programme is not completed. */
  inactive: boolean;
}

/** A subscriber is flagged inactive past this many days without a lesson completed (docs/product.md). */
export const INACTIVE_AFTER_DAYS = 3;

/**
 * `GET /api/users/streak/`: consecutive days with a completed lesson, counted in `timezone` (the member's most
 * recently started active subscription's, UTC without one); `last_active_on` is a local date (`YYYY-MM-DD`).
 */
export interface StreakResponse {
  current: number;
  longest: number;
  last_active_on: string | null;
  completed_today: boolean;
  timezone: string;
}

/**
 * `completed_lessons` are lesson numbers (n of `{programId}-{n}`); `subscribed_on` starts the active subscription,
 * null without one. Both optional so that older clients keep compiling.
 */
export interface LessonProgressResponse {
  user: number;
  program: number;
  progress_percentage: number;
  completed_lessons?: number[];
  subscribed_on?: string | null;
}

/** `GET /api/fitness_programs/getPopularProgram/`: `sales` is revenue in the programme's currency units. */
export interface PopularProgramResponse {
  name: string;
  followers: number;
  trainer: string;
  sales: number;
  currency: string;
}
