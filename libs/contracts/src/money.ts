/**
 * Money in the API is an amount in major units (`price`, `amount`) with its ISO 4217 currency; it is stored in minor
 * units, whose number of decimals depends on the currency (USD and EUR have two, JPY none). Every price a person
 * reads goes through `formatMoney`, so the symbol, the decimals and the grouping are those of the currency and of
 * the reader's locale.
 */

const DEFAULT_LOCALE = 'en-US';

/** The number of decimals of a currency's minor unit, as ISO 4217 (through Intl) gives it: 2 for USD, 0 for JPY. */
export function minorUnitDigits(currency: string): number {
  return new Intl.NumberFormat(DEFAULT_LOCALE, { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits as number;
}

/** An amount in major units as the whole number of minor units it is stored as. */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** minorUnitDigits(currency));
}

/** A stored number of minor units as the amount in major units the API answers with. */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorUnitDigits(currency);
}

/** A locale Intl can use, or the default: a visitor's Accept-Language may name one it does not know. */
function usableLocale(locale: string | undefined): string {
  if (!locale) return DEFAULT_LOCALE;
  try {
    return Intl.NumberFormat.supportedLocalesOf(locale)[0] ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** An amount in major units as a reader of `locale` writes it in `currency`: "$39.00", "39,00 €", "¥3,900". */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(usableLocale(locale), { style: 'currency', currency }).format(amount);
}
