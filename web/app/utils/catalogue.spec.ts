import { describe, expect, it } from '@jest/globals';
import {
  formatDays,
  formatLessons,
  pageParam,
  parseId,
  programFilters,
  requirePageInRange,
} from './catalogue';

describe(parseId.name, () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['0', null],
    ['-1', null],
    ['1.5', null],
    ['1e3', null],
    ['abc', null],
    ['', null],
    [null, null],
    ['12345678901', null],
  ])('%j is %j', (value, id) => {
    expect(parseId(value)).toBe(id);
  });
});

describe(pageParam.name, () => {
  it('is a whole number from 1, else the first page', () => {
    expect(pageParam(new URLSearchParams('page=3'))).toBe(3);
    expect(pageParam(new URLSearchParams(''))).toBe(1);
    expect(pageParam(new URLSearchParams('page=0'))).toBe(1);
    expect(pageParam(new URLSearchParams('page=two'))).toBe(1);
  });

  it('never asks the API for a page beyond the last one it serves', () => {
    expect(pageParam(new URLSearchParams('page=1000000'))).toBe(1_000_000);
    expect(pageParam(new URLSearchParams('page=1000001'))).toBe(1);
    expect(pageParam(new URLSearchParams('page=1e21'))).toBe(1);
  });
});

describe(requirePageInRange.name, () => {
  const status = (page: number, total: number) => {
    try {
      requirePageInRange(page, 20, total);
      return 200;
    } catch (thrown) {
      return (thrown as Response).status;
    }
  };

  it('lets the pages of a list through, and the first page of an empty one', () => {
    expect([status(1, 0), status(1, 40), status(2, 40), status(3, 41)]).toEqual([200, 200, 200, 200]);
  });

  it('answers 404 past the last page', () => {
    expect([status(2, 0), status(3, 40), status(99, 21)]).toEqual([404, 404, 404]);
  });
});

describe(programFilters.name, () => {
  it('keeps the known category and level and the trimmed search text', () => {
    expect(programFilters(new URLSearchParams('category=Cardio&level=Advance&q=+run+'))).toEqual({
      category: 'Cardio',
      level: 'Advance',
      q: 'run',
    });
  });

  it('takes an unknown category or level for "any" and cuts a long search to the API\'s limit', () => {
    const filters = programFilters(new URLSearchParams(`category=Dance&level=Expert&q=${'x'.repeat(150)}`));
    expect(filters).toEqual({ category: '', level: '', q: 'x'.repeat(100) });
  });
});

describe('formatDays and formatLessons', () => {
  it('say one in the singular and any other count in the plural', () => {
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(28)).toBe('28 days');
    expect(formatLessons(1)).toBe('1 lesson');
    expect(formatLessons(0)).toBe('0 lessons');
    expect(formatLessons(3)).toBe('3 lessons');
  });
});
