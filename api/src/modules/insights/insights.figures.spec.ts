import { describe, expect, it } from '@jest/globals';
import { daysOf, finishes, median, programMoney, quietOnes, revenueByCurrency } from './insights.figures.js';

const at = (iso: string) => new Date(iso);

describe('insights figures', () => {
  it('lists every day of a range, across a month’s end', () => {
    expect(daysOf('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(daysOf('2026-03-01', '2026-03-01')).toEqual(['2026-03-01']);
  });

  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([9, 1, 5])).toBe(5);
    expect(median([1, 2, 4, 10])).toBe(3);
    expect(median([1.04, 1.25])).toBe(1.1);
  });

  it('sums money per currency and day in minor units, refunds on the day they happened', () => {
    const paid = [
      { programId: 1, currency: 'USD', amountMinor: 4999, at: at('2026-03-01T23:59:00Z') },
      { programId: 2, currency: 'USD', amountMinor: 1, at: at('2026-03-02T00:00:00Z') },
      { programId: 1, currency: 'JPY', amountMinor: 3900, at: at('2026-03-02T10:00:00Z') },
    ];
    const refunded = [{ programId: 1, currency: 'USD', amountMinor: 4999, at: at('2026-03-02T08:00:00Z') }];
    const [jpy, usd] = revenueByCurrency(['2026-03-01', '2026-03-02'], paid, refunded);
    expect(jpy).toMatchObject({ currency: 'JPY', completed: 3900, refunded: 0, net: 3900 });
    expect(usd).toEqual({
      currency: 'USD',
      completed: 50,
      refunded: 49.99,
      net: 0.01,
      days: [
        { date: '2026-03-01', completed: 49.99, refunded: 0, net: 49.99 },
        { date: '2026-03-02', completed: 0.01, refunded: 49.99, net: -49.98 },
      ],
    });
    expect(programMoney(1, paid, refunded)).toEqual([
      { currency: 'JPY', completed: 3900, refunded: 0, net: 3900 },
      { currency: 'USD', completed: 49.99, refunded: 49.99, net: 0 },
    ]);
    expect(programMoney(3, paid, refunded)).toEqual([]);
  });

  it('counts a member’s first finish of a programme once, in days from subscribing', () => {
    const base = { userId: 1, programId: 7, lastCompletedAt: null };
    const days = finishes([
      { ...base, startedAt: at('2026-03-01T00:00:00Z'), finishedAt: at('2026-03-11T12:00:00Z') },
      { ...base, startedAt: at('2026-04-01T00:00:00Z'), finishedAt: at('2026-04-03T00:00:00Z') },
      { ...base, userId: 2, startedAt: at('2026-03-01T00:00:00Z'), finishedAt: null },
    ]);
    expect(days).toEqual(new Map([[7, [10.5]]]));
  });

  it('finds the unfinished subscriptions quiet for seven days, the quietest first', () => {
    const now = at('2026-03-20T12:00:00Z');
    const base = { programId: 1, finishedAt: null };
    const quiet = quietOnes(
      [
        {
          ...base,
          userId: 1,
          startedAt: at('2026-03-01T00:00:00Z'),
          lastCompletedAt: at('2026-03-13T12:00:00Z'),
        },
        { ...base, userId: 2, startedAt: at('2026-03-13T13:00:00Z'), lastCompletedAt: null },
        { ...base, userId: 3, startedAt: at('2026-02-01T00:00:00Z'), lastCompletedAt: null },
        { ...base, userId: 4, startedAt: at('2026-02-01T00:00:00Z'), lastCompletedAt: null, finishedAt: now },
      ],
      now,
    );
    expect(quiet.map((entry) => [entry.subscription.userId, entry.days])).toEqual([
      [3, 47],
      [1, 7],
    ]);
  });
});
