import { describe, expect, it } from '@jest/globals';
import { requestLocale } from './locale.server';

const visit = (acceptLanguage?: string) =>
  new Request('http://fit.example/', {
    headers: acceptLanguage === undefined ? {} : { 'Accept-Language': acceptLanguage },
  });

describe(requestLocale.name, () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de-DE'],
    ['en;q=0.5, ja-JP', 'ja-JP'],
    ['hi-IN', 'hi-IN'],
    ['*', 'en-US'],
    ['', 'en-US'],
    ['not a language!!, fr;q=0.1', 'fr'],
  ])('reads %p as %p', (header, locale) => {
    expect(requestLocale(visit(header))).toBe(locale);
  });

  it('is en-US without the header', () => {
    expect(requestLocale(visit())).toBe('en-US');
  });
});
