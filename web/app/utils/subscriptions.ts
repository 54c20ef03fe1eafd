import type { SubscriberEntry } from '@fitcoach/contracts';
import { pageParam, parseId } from './catalogue';

// The subscription views' query strings (docs/product.md §2.8), so every step is a link needing no JavaScript.

export const SUBSCRIBERS_PAGE_SIZE = 20;

export interface SubscribersQuery {
  /** Only this programme's subscribers; null is all the trainer's programmes. */
  program: number | null;
  page: number;
  user: number | null;
}

export function subscribersQuery(search: URLSearchParams): SubscribersQuery {
  return {
    program: parseId(search.get('program')),
    page: pageParam(search),
    user: parseId(search.get('user')),
  };
}

export function subscribersSearch({ program, page, user }: SubscribersQuery): string {
  const params = new URLSearchParams({ view: 'subscribers' });
  if (program !== null) params.set('program', String(program));
  if (page > 1) params.set('page', String(page));
  if (user !== null) params.set('user', String(user));
  return `?${params.toString()}`;
}

export function unsubscribeParam(search: URLSearchParams): number | null {
  return parseId(search.get('unsubscribe'));
}

export function subscribedSearch(unsubscribe: number | null = null): string {
  const params = new URLSearchParams({ view: 'subscribed' });
  if (unsubscribe !== null) params.set('unsubscribe', String(unsubscribe));
  return `?${params.toString()}`;
}

export interface SubscriberGroup {
  /** The programme as the entries name it, under the contract's names. */
  program: SubscriberEntry['program'][number];
  entries: SubscriberEntry[];
}

/** docs/product.md §2: one table per programme. The entries keep the API's order within each programme. */
export function groupByProgram(entries: readonly SubscriberEntry[]): SubscriberGroup[] {
  const groups = new Map<number, SubscriberGroup>();
  for (const entry of entries) {
    for (const program of entry.program) {
      let group = groups.get(program.id);
      if (!group) {
        group = { program, entries: [] };
        groups.set(program.id, group);
      }
      group.entries.push(entry);
    }
  }
  return [...groups.values()];
}

/** A date as the tables show it (YYYY-MM-DD, UTC): the same on the server and in the browser. */
export function calendarDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}
