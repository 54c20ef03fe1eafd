import { DEFAULT_LOCALE, formatMoney, type Money } from '@fitcoach/contracts';
import { useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '~/root';

export function useLocale(): string {
  return useRouteLoaderData<typeof rootLoader>('root')?.locale ?? DEFAULT_LOCALE;
}

/** `formatMoney` in the visitor's locale, so the server's render and the browser's hydration write a price alike. */
export function useFormatMoney(): (amount: number, currency: string) => string {
  const locale = useLocale();
  return (amount, currency) => formatMoney(amount, currency, locale);
}

export function useFormatAmounts(): (amounts: readonly Money[]) => string {
  const formatMoney = useFormatMoney();
  return (amounts) => amounts.map(({ amount, currency }) => formatMoney(amount, currency)).join(', ');
}
