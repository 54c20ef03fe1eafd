import { describe, expect, it } from '@jest/globals';
import {
  firstSupportedLocale,
  fitsMinorUnits,
  formatMoney,
  fromMinorUnits,
  minorUnitDigits,
  priceDecimalsMessage,
  toMinorUnits,
} from './money.js';

describe('money', () => {
  it('knows the decimals of each currency', () => {
    expect(minorUnitDigits('USD')).toBe(2);
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('INR')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
  });

  it('converts between major and minor units by the currency', () => {
    expect(toMinorUnits(39.99, 'USD')).toBe(3999);
    expect(toMinorUnits(3900, 'JPY')).toBe(3900);
    expect(fromMinorUnits(3999, 'EUR')).toBe(39.99);
    expect(fromMinorUnits(3900, 'JPY')).toBe(3900);
  });

  it('tells an amount with more decimals than its currency has', () => {
    expect(fitsMinorUnits(39.99, 'USD')).toBe(true);
    expect(fitsMinorUnits(0.29, 'INR')).toBe(true);
    expect(fitsMinorUnits(39.999, 'EUR')).toBe(false);
    expect(fitsMinorUnits(3900, 'JPY')).toBe(true);
    expect(fitsMinorUnits(3900.5, 'JPY')).toBe(false);
    expect(priceDecimalsMessage('JPY')).toBe('A price in JPY is a whole amount, without decimals');
    expect(priceDecimalsMessage('USD')).toBe('A price in USD has at most 2 decimals');
  });

  it('writes an amount in its currency, in the reader’s locale', () => {
    expect(formatMoney(39, 'USD', 'en-US')).toBe('$39.00');
    expect(formatMoney(39, 'EUR', 'de-DE')).toBe('39,00\u00a0€');
    expect(formatMoney(3900, 'JPY', 'en-US')).toBe('¥3,900');
    expect(formatMoney(1999.5, 'INR', 'en-IN')).toBe('₹1,999.50');
  });

  it('shows no rupee sign for another currency', () => {
    for (const currency of ['USD', 'EUR', 'JPY'])
      expect(formatMoney(39, currency, 'en-IN')).not.toContain('₹');
  });

  it('falls back to a default locale for one it does not know or cannot read', () => {
    expect(formatMoney(39, 'USD', 'not a locale!')).toBe('$39.00');
    expect(formatMoney(39, 'USD', undefined)).toBe('$39.00');
  });

  it('takes the first of a visitor’s languages that Intl knows, else the default', () => {
    expect(firstSupportedLocale(['de-DE', 'en'])).toBe('de-DE');
    expect(firstSupportedLocale(['not a language!!', '*', 'fr'])).toBe('fr');
    expect(firstSupportedLocale(['*'])).toBe('en-US');
    expect(firstSupportedLocale([])).toBe('en-US');
  });
});
