import { DEFAULT_LOCALE, formatMoney, type Money } from '@fitcoach/contracts';
import { useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '~/root';

/** The visitor's locale, which the root loader read from Accept-Language (locale.server.ts). */
export function useLocale(): string {
  return useRouteLoaderData<typeof rootLoader>('root')?.locale ?? DEFAULT_LOCALE;
}

/**
 * `formatMoney` in the visitor's locale: the server's render and the browser's hydration use the same one, so a
 * price is written alike by both.
 */
export function useFormatMoney(): (amount: number, currency: string) => string {
  const locale = useLocale();
  return (amount, currency) => formatMoney(amount, currency, locale);
}

/** Amounts in several currencies (a day's revenue, say) in the visitor's locale, one after another; '' for none. */
export function useFormatAmounts(): (amounts: readonly Money[]) => string {
  const formatMoney = useFormatMoney();
  return (amounts) => amounts.map(({ amount, currency }) => formatMoney(amount, currency)).join(', ');
}
