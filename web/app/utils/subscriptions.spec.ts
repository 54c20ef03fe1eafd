import type { SubscriberEntry } from '@fitcoach/contracts';
import { describe, expect, it } from '@jest/globals';
import {
  calendarDate,
  daysSince,
  groupByProgram,
  inactiveLabel,
  relativeDays,
  streakTexts,
  subscribedSearch,
  subscribersQuery,
  subscribersSearch,
  unsubscribeParam,
} from './subscriptions';

const params = (query: string) => new URLSearchParams(query);

describe(subscribersQuery.name, () => {
  it('reads the filter, the page and the open user, and parses back from its search', () => {
    const query = subscribersQuery(params('view=subscribers&program=7&inactive=1&page=2&user=12'));
    expect(query).toEqual({ program: 7, inactive: true, page: 2, user: 12 });
    expect(subscribersSearch(query)).toBe('?view=subscribers&program=7&inactive=1&page=2&user=12');
    expect(subscribersQuery(params(subscribersSearch(query).slice(1)))).toEqual(query);
  });

  it('takes malformed values for the defaults, and leaves defaults out of the search', () => {
    const query = subscribersQuery(params('program=abc&inactive=yes&page=-1&user=0'));
    expect(query).toEqual({ program: null, inactive: false, page: 1, user: null });
    expect(subscribersSearch(query)).toBe('?view=subscribers');
  });
});

describe(unsubscribeParam.name, () => {
  it('names the programme to confirm leaving', () => {
    expect(unsubscribeParam(params(subscribedSearch(7).slice(1)))).toBe(7);
    expect(unsubscribeParam(params(subscribedSearch().slice(1)))).toBeNull();
    expect(unsubscribeParam(params('unsubscribe=x'))).toBeNull();
  });
});

describe(groupByProgram.name, () => {
  const entry = (user: number, id: number): SubscriberEntry => ({
    user,
    username: `User ${user}`,
    created_on: '2026-11-20T10:00:00.000Z',
    status: 'active',
    progress: 0,
    program: [{ id, program_name: `Programme ${id}` }],
    last_activity: '2026-11-20T10:00:00.000Z',
    inactive: false,
  });

  it('makes one group per programme, in order of first appearance', () => {
    const groups = groupByProgram([entry(1, 5), entry(2, 3), entry(3, 5)]);
    expect(groups.map((group) => [group.program.program_name, group.entries.map((e) => e.user)])).toEqual([
      ['Programme 5', [1, 3]],
      ['Programme 3', [2]],
    ]);
  });
});

describe(calendarDate.name, () => {
  it('is the UTC calendar date, empty for nonsense', () => {
    expect(calendarDate('2026-11-20T23:30:00.000Z')).toBe('2026-11-20');
    expect(calendarDate('nope')).toBe('');
  });
});

describe(relativeDays.name, () => {
  const now = new Date('2026-11-28T12:00:00.000Z');

  it('says today, yesterday, then whole days ago, never in the future', () => {
    expect(relativeDays('2026-11-28T01:00:00.000Z', now)).toBe('today');
    expect(relativeDays('2026-11-29T01:00:00.000Z', now)).toBe('today');
    expect(relativeDays('2026-11-27T11:00:00.000Z', now)).toBe('yesterday');
    expect(relativeDays('2026-11-24T11:59:59.000Z', now)).toBe('4 days ago');
    expect(daysSince('nope', now)).toBe(0);
  });

  it('counts the days of the inactive badge, singular and plural', () => {
    expect(inactiveLabel('2026-11-24T11:00:00.000Z', now)).toBe('Inactive for 4 days');
    expect(inactiveLabel('2026-11-27T11:00:00.000Z', now)).toBe('Inactive for 1 day');
  });
});

describe(streakTexts.name, () => {
  it('names the streak and the longest run, with the right plural', () => {
    expect(streakTexts({ current: 1, longest: 1, completed_today: true })).toEqual({
      headline: '1-day streak',
      longest: 'Longest: 1 day',
      hint: null,
    });
    expect(streakTexts({ current: 3, longest: 12, completed_today: false })).toEqual({
      headline: '3-day streak',
      longest: 'Longest: 12 days',
      hint: 'Complete a lesson today to keep it',
    });
  });

  it('asks to start one when there is none to keep', () => {
    expect(streakTexts({ current: 0, longest: 0, completed_today: false }).hint).toBe(
      'Complete a lesson today to start a streak',
    );
  });
});
