/** A day as a reader of `locale` writes it ("28 November 2026", "November 28, 2026"), in UTC like the API's dates. */
export function formatDay(date: Date | string, locale?: string): string {
  const options = { dateStyle: 'long', timeZone: 'UTC' } as const;
  try {
    return new Intl.DateTimeFormat(locale, options).format(new Date(date));
  } catch {
    // A well-formed language tag that Intl refuses.
    return new Intl.DateTimeFormat('en-US', options).format(new Date(date));
  }
}
