import type { SubscriberEntry } from '@fitcoach/contracts';
import { describe, expect, it } from '@jest/globals';
import {
  calendarDate,
  groupByProgram,
  subscribedSearch,
  subscribersQuery,
  subscribersSearch,
  unsubscribeParam,
} from './subscriptions';

const params = (query: string) => new URLSearchParams(query);

describe(subscribersQuery.name, () => {
  it('reads the filter, the page and the open user, and parses back from its search', () => {
    const query = subscribersQuery(params('view=subscribers&program=7&page=2&user=12'));
    expect(query).toEqual({ program: 7, page: 2, user: 12 });
    expect(subscribersSearch(query)).toBe('?view=subscribers&program=7&page=2&user=12');
    expect(subscribersQuery(params(subscribersSearch(query).slice(1)))).toEqual(query);
  });

  it('takes malformed values for the defaults, and leaves defaults out of the search', () => {
    const query = subscribersQuery(params('program=abc&page=-1&user=0'));
    expect(query).toEqual({ program: null, page: 1, user: null });
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
