import { describe, expect, it } from '@jest/globals';
import { formatDay } from './locale.js';

describe(formatDay.name, () => {
  it.each([
    ['en-US', 'November 28, 2026'],
    ['en-GB', '28 November 2026'],
    ['de-DE', '28. November 2026'],
    [undefined, 'November 28, 2026'],
  ])('writes the day in %s: %s', (locale, day) => {
    expect(formatDay('2026-11-28T23:30:00.000Z', locale)).toBe(day);
  });
});
