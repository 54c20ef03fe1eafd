/**
 * The language a visitor's browser prefers most, from its Accept-Language header ("fr-CH, fr;q=0.9, en;q=0.8" is
 * "fr-CH"), or undefined when it names none. Whether Intl knows it is for the formatter to decide (formatMoney
 * falls back to its default).
 */
export function preferredLocale(acceptLanguage: string | null | undefined): string | undefined {
  let best: { tag: string; quality: number } | undefined;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) || !(quality > 0)) continue;
    if (!best || quality > best.quality) best = { tag, quality };
  }
  return best?.tag;
}

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
