import {
  type CurrencyRevenue,
  fromMinorUnits,
  INSIGHTS_LIMITS,
  type InactiveSubscriber,
  type MoneyFigures,
} from '@fitcoach/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An amount of money that moved on one day: a payment completed, or refunded. */
export interface Movement {
  programId: number;
  currency: string;
  amountMinor: number;
  at: Date;
}

/** A subscription as the insights read it. */
export interface SubscriptionFacts {
  userId: number;
  programId: number;
  startedAt: Date;
  lastCompletedAt: Date | null;
  finishedAt: Date | null;
}

/** Every UTC day from `from` to `to`, both included (plain UTC arithmetic: a year of days is read per request). */
export function daysOf(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const count = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / DAY_MS) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => utcDay(new Date(start + index * DAY_MS)));
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Sums in minor units per currency, then per day; currencies in alphabetical order, each with every day. */
export function revenueByCurrency(days: string[], paid: Movement[], refunded: Movement[]): CurrencyRevenue[] {
  const currencies = [...new Set([...paid, ...refunded].map((movement) => movement.currency))].sort();
  const sums = new Map(
    currencies.map((currency) => [
      currency,
      new Map(days.map((day) => [day, { completed: 0, refunded: 0 }])),
    ]),
  );
  for (const [movements, key] of [
    [paid, 'completed'],
    [refunded, 'refunded'],
  ] as const) {
    for (const movement of movements) {
      const day = sums.get(movement.currency)?.get(utcDay(movement.at));
      if (day) day[key] += movement.amountMinor;
    }
  }
  return currencies.map((currency) => {
    const byDay = sums.get(currency) ?? new Map<string, { completed: number; refunded: number }>();
    const totals = { completed: 0, refunded: 0 };
    for (const day of byDay.values()) {
      totals.completed += day.completed;
      totals.refunded += day.refunded;
    }
    return {
      ...money(currency, totals.completed, totals.refunded),
      days: [...byDay].map(([date, day]) => {
        const { completed, refunded, net } = money(currency, day.completed, day.refunded);
        return { date, completed, refunded, net };
      }),
    };
  });
}

/** One programme's money per currency, from the movements of all programmes. */
export function programMoney(programId: number, paid: Movement[], refunded: Movement[]): MoneyFigures[] {
  const sums = new Map<string, { completed: number; refunded: number }>();
  for (const [movements, key] of [
    [paid, 'completed'],
    [refunded, 'refunded'],
  ] as const) {
    for (const movement of movements) {
      if (movement.programId !== programId) continue;
      const sum = sums.get(movement.currency) ?? { completed: 0, refunded: 0 };
      sum[key] += movement.amountMinor;
      sums.set(movement.currency, sum);
    }
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sum]) => money(currency, sum.completed, sum.refunded));
}

function money(currency: string, completedMinor: number, refundedMinor: number): MoneyFigures {
  return {
    currency,
    completed: fromMinorUnits(completedMinor, currency),
    refunded: fromMinorUnits(refundedMinor, currency),
    net: fromMinorUnits(completedMinor - refundedMinor, currency),
  };
}

/** The middle value (the mean of the two middle ones for an even count), to one decimal; null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return Math.round(value * 10) / 10;
}

/**
 * The members who finished a programme, once each (a member who subscribed again keeps one finish, the first),
 * with their days from subscribing to finishing.
 */
export function finishes(subscriptions: SubscriptionFacts[]): Map<number, number[]> {
  const first = new Map<string, SubscriptionFacts>();
  for (const subscription of subscriptions) {
    if (!subscription.finishedAt) continue;
    const key = `${subscription.userId}:${subscription.programId}`;
    const seen = first.get(key);
    if (!seen?.finishedAt || subscription.finishedAt < seen.finishedAt) first.set(key, subscription);
  }
  const days = new Map<number, number[]>();
  for (const { programId, startedAt, finishedAt } of first.values()) {
    if (!finishedAt) continue;
    const list = days.get(programId) ?? [];
    // A finish before the subscription's start was one of an earlier subscription's lessons: none of its days.
    list.push(Math.max(0, finishedAt.getTime() - startedAt.getTime()) / DAY_MS);
    days.set(programId, list);
  }
  return days;
}

/** An active, unfinished subscription quiet for `INSIGHTS_LIMITS.inactiveDays`, with how long. */
export interface Quiet {
  subscription: SubscriptionFacts;
  since: Date;
  days: number;
}

/** The active subscriptions that need attention, quiet the longest first. */
export function quietOnes(active: SubscriptionFacts[], now: Date): Quiet[] {
  const quiet: Quiet[] = [];
  for (const subscription of active) {
    if (subscription.finishedAt) continue;
    const since = subscription.lastCompletedAt ?? subscription.startedAt;
    const days = Math.floor((now.getTime() - since.getTime()) / DAY_MS);
    if (days >= INSIGHTS_LIMITS.inactiveDays) quiet.push({ subscription, since, days });
  }
  return quiet.sort(
    (a, b) =>
      a.since.getTime() - b.since.getTime() ||
      a.subscription.userId - b.subscription.userId ||
      a.subscription.programId - b.subscription.programId,
  );
}

export function toInactiveSubscriber(
  { subscription, days }: Quiet,
  name: string,
  programName: string,
): InactiveSubscriber {
  return {
    user_id: subscription.userId,
    name,
    program: { id: subscription.programId, program_name: programName },
    subscribed_at: subscription.startedAt.toISOString(),
    last_completed_at: subscription.lastCompletedAt?.toISOString() ?? null,
    inactive_days: days,
  };
}
