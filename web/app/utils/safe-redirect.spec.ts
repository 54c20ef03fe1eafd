import { describe, expect, it } from '@jest/globals';
import { safeRedirect } from './safe-redirect';

describe(safeRedirect.name, () => {
  it.each(['/trainerDashboard', '/userProfile?tab=stats', '/programDetails/3#lessons'])(
    'keeps the path %s',
    (to) => {
      expect(safeRedirect(to)).toBe(to);
    },
  );

  it.each([
    ['another origin', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a control character that URL parsers strip', '/\t/evil.example'],
    ['a relative path', 'trainerDashboard'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an empty value', ''],
    ['no value', null],
  ])('refuses %s', (_case, to) => {
    expect(safeRedirect(to)).toBe('/');
  });

  it('falls back to the given path', () => {
    expect(safeRedirect('//evil.example', '/trainerDashboard')).toBe('/trainerDashboard');
  });
});
