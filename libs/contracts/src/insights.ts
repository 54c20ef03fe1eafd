/**
 * A trainer's own business (docs/product.md §2.16): `GET /api/trainers/me/insights/?from=&to=`. The days are UTC
 * calendar days, both ends inclusive. Money, refunds, new subscribers and finishes count what happened in the
 * range; active subscribers, the lesson funnel and the inactive members are as they stand now.
 */
export const INSIGHTS_LIMITS = {
  /** Without `from` and `to`, the range is the last this many days, today included. */
  defaultDays: 30,
  /** The longest range one answer covers (a year and a day, so that a leap year fits). */
  maxDays: 366,
  /** An active subscriber who completed no lesson of the programme in this many days needs attention. */
  inactiveDays: 7,
  /** The inactive subscriptions an answer names, those quiet the longest first (`inactive.count` has them all). */
  inactiveListed: 50,
  /** The days a range may start and end on: both databases store every instant of them. */
  earliest: '1970-01-01',
  latest: '9998-12-31',
} as const;

export const INSIGHTS_MESSAGES = {
  date: (field: string) => `${field} must be a date written YYYY-MM-DD`,
  outOfBounds: (field: string) =>
    `${field} must be from ${INSIGHTS_LIMITS.earliest} to ${INSIGHTS_LIMITS.latest}`,
  order: 'from must not be after to',
  tooLong: `The range must not be longer than ${INSIGHTS_LIMITS.maxDays} days`,
  notTrainer: 'Only trainers have insights',
  notYours: 'These are another trainer’s figures',
  trainerNotFound: 'Trainer not found',
} as const;

/** Money in one currency: what was paid, what was refunded, and the difference, as decimal amounts like `price`. */
export interface MoneyFigures {
  currency: string;
  completed: number;
  refunded: number;
  net: number;
}

/** One day of one currency's money; every day of the range has one, zero when nothing happened. */
export interface RevenueDay {
  date: string;
  completed: number;
  refunded: number;
  net: number;
}

export interface CurrencyRevenue extends MoneyFigures {
  days: RevenueDay[];
}

/** How many members completed lesson `number` of a programme, ever. */
export interface FunnelStep {
  number: number;
  title: string;
  members: number;
}

export interface ProgramInsights {
  id: number;
  program_name: string;
  is_published: boolean;
  /** Per currency the programme was paid in during the range (a programme's currency may have changed). */
  revenue: MoneyFigures[];
  /** Subscriptions that started in the range. */
  new_subscribers: number;
  /** Active subscriptions now. */
  active_subscribers: number;
  /** Payments refunded in the range. */
  refunds: number;
  /** Members who completed the programme's last remaining lesson in the range. */
  finished: number;
  /** The median of those members' days from subscribing to finishing (null when nobody finished). */
  median_days_to_finish: number | null;
  funnel: FunnelStep[];
}

/** An active subscription whose member completed no lesson of the programme for `INSIGHTS_LIMITS.inactiveDays`. */
export interface InactiveSubscriber {
  user_id: number;
  name: string;
  program: { id: number; program_name: string };
  subscribed_at: string;
  /** Their latest completed lesson of the programme, null when they never completed one. */
  last_completed_at: string | null;
  /** Whole days since that lesson, or since subscribing without one. */
  inactive_days: number;
}

export interface TrainerInsightsResponse {
  trainer: number;
  from: string;
  to: string;
  revenue: CurrencyRevenue[];
  new_subscribers: number;
  /** Distinct members with an active subscription to any of the trainer's programmes now. */
  active_subscribers: number;
  refunds: number;
  programs: ProgramInsights[];
  inactive: { count: number; results: InactiveSubscriber[] };
}
