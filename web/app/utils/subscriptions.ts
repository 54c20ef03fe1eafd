import type { StreakResponse, SubscriberEntry } from '@fitcoach/contracts';
import { pageParam, parseId } from './catalogue';

// The subscription views' query strings (docs/product.md §2.8), so every step is a link needing no JavaScript.

export const SUBSCRIBERS_PAGE_SIZE = 20;

export interface SubscribersQuery {
  /** Only this programme's subscribers; null is all the trainer's programmes. */
  program: number | null;
  /** Only the subscribers flagged inactive (`inactive=1`). */
  inactive: boolean;
  page: number;
  user: number | null;
}

export function subscribersQuery(search: URLSearchParams): SubscribersQuery {
  return {
    program: parseId(search.get('program')),
    inactive: search.get('inactive') === '1',
    page: pageParam(search),
    user: parseId(search.get('user')),
  };
}

export function subscribersSearch({ program, inactive, page, user }: SubscribersQuery): string {
  const params = new URLSearchParams({ view: 'subscribers' });
  if (program !== null) params.set('program', String(program));
  if (inactive) params.set('inactive', '1');
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

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `iso` to `now` (0 within the first 24 hours, never negative). */
export function daysSince(iso: string, now: Date): number {
  const elapsed = now.getTime() - new Date(iso).getTime();
  return Number.isNaN(elapsed) ? 0 : Math.max(0, Math.floor(elapsed / DAY_MS));
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** A subscriber's last activity as the Subscribers view says it: "today", "yesterday", "n days ago". */
export function relativeDays(iso: string, now: Date): string {
  const n = daysSince(iso, now);
  if (n === 0) return 'today';
  if (n === 1) return 'yesterday';
  return `${days(n)} ago`;
}

/** The badge of an inactive subscriber (docs/product.md, Subscribers). */
export function inactiveLabel(iso: string, now: Date): string {
  return `Inactive for ${days(daysSince(iso, now))}`;
}

/** The streak card's three lines (docs/product.md, Subscribed Programmes); `hint` is null once today is done. */
export function streakTexts(streak: Pick<StreakResponse, 'current' | 'longest' | 'completed_today'>): {
  headline: string;
  longest: string;
  hint: string | null;
} {
  const hint = streak.completed_today
    ? null
    : streak.current > 0
      ? 'Complete a lesson today to keep it'
      : 'Complete a lesson today to start a streak';
  return { headline: `${streak.current}-day streak`, longest: `Longest: ${days(streak.longest)}`, hint };
}
