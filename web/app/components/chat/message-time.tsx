import { useHydrated } from '~/utils/use-hydrated';

/**
 * docs/product.md §2.10: a message's time as hour:minute, in the viewer's time zone once the page runs in their browser (the
 * server renders UTC, which a page without JavaScript keeps).
 */
export function MessageTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const text = new Date(iso).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: hydrated ? undefined : 'UTC',
  });
  return <time dateTime={iso}>{text}</time>;
}
