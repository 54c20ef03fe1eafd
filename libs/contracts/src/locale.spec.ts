import { describe, expect, it } from '@jest/globals';
import { formatDay, preferredLocale } from './locale.js';

describe(preferredLocale.name, () => {
  it.each([
    ['fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5', 'fr-CH'],
    ['en;q=0.5, de-DE', 'de-DE'],
    ['ja', 'ja'],
    ['*, en;q=0.1', 'en'],
    ['de;q=0, en-GB;q=0.3', 'en-GB'],
  ])('%s is %s', (header, locale) => {
    expect(preferredLocale(header)).toBe(locale);
  });

  it.each([undefined, null, '', '*', 'x;q=abc', '<script>'])('%s names none', (header) => {
    expect(preferredLocale(header)).toBeUndefined();
  });
});

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
