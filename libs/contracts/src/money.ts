// Amounts are major units with their ISO 4217 currency, stored in minor units whose decimals depend on it. Every
// price a person reads goes through `formatMoney`, in the currency's decimals and the reader's locale.

/** The locale of a reader who names none that Intl knows. */
export const DEFAULT_LOCALE = 'en-US';

/** Asked once per currency: a formatter costs tens of microseconds, and lists convert thousands of amounts. */
const DIGITS = new Map<string, number>();

/**
 * The number of decimals of a currency's minor unit, as ISO 4217 (through Intl) gives it: 2 for USD, 0 for JPY.
 * Kept per currency Intl knows (a few hundred at most); an unknown one throws and is not kept.
 */
export function minorUnitDigits(currency: string): number {
  let digits = DIGITS.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat(DEFAULT_LOCALE, { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits as number;
    DIGITS.set(currency, digits);
  }
  return digits;
}

export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** minorUnitDigits(currency));
}

export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorUnitDigits(currency);
}

/** `locale` when Intl can use it, otherwise null: a visitor's Accept-Language may name one it does not know. */
export function supportedLocale(locale: string): string | null {
  try {
    return Intl.NumberFormat.supportedLocalesOf(locale)[0] ?? null;
  } catch {
    return null;
  }
}

export function firstSupportedLocale(languages: readonly string[]): string {
  for (const language of languages) {
    const locale = language === '*' ? null : supportedLocale(language);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

function usableLocale(locale: string | undefined): string {
  return (locale && supportedLocale(locale)) || DEFAULT_LOCALE;
}

/** An amount in major units as a reader of `locale` writes it in `currency`: "$39.00", "39,00 €", "¥3,900". */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  const key = `${locale ?? ''} ${currency}`;
  let format = MONEY_FORMATS.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(usableLocale(locale), { style: 'currency', currency });
    if (MONEY_FORMATS.size >= MAX_MONEY_FORMATS) MONEY_FORMATS.clear();
    MONEY_FORMATS.set(key, format);
  }
  return format.format(amount);
}

/**
 * A formatter per reader's locale and currency, built on first use: a list page formats dozens of prices. The
 * locale is the reader's (any text a browser sends), so the map starts over past MAX_MONEY_FORMATS.
 */
const MONEY_FORMATS = new Map<string, Intl.NumberFormat>();
const MAX_MONEY_FORMATS = 500;

/** Whether `amount` has no more decimals than `currency`'s minor unit: 39.99 USD does, 39.5 JPY does not. */
export function fitsMinorUnits(amount: number, currency: string): boolean {
  const scaled = amount * 10 ** minorUnitDigits(currency);
  // 39.99 × 100 is 3998.9999999999995 in floating point: a hair from a whole number is a whole number.
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

export function priceDecimalsMessage(currency: string): string {
  const digits = minorUnitDigits(currency);
  return digits === 0
    ? `A price in ${currency} is a whole amount, without decimals`
    : `A price in ${currency} has at most ${digits} decimals`;
}
