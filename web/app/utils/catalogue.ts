import { isProgramCategory, isProgramLevel, PAGINATION, type ProgramLevel } from '@fitcoach/contracts';
import type { ProgramFilters } from './api/endpoints.server';

/** Cards per page of /findTrainer and /programmes: a whole number of rows of 1, 2 or 3 cards. */
export const CATALOGUE_PAGE_SIZE = 12;

// The API's limit on the search text (ProgramListQueryDto).
export const PROGRAMME_SEARCH_MAX_LENGTH = 100;

export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** The `page` query parameter: a whole number from 1 to the API's last allowed page, else the first page. */
export function pageParam(search: URLSearchParams, name = 'page'): number {
  const page = Number(search.get(name));
  return Number.isSafeInteger(page) && page >= 1 && page <= PAGINATION.maxPage ? page : 1;
}

/** A page past a list's last is a 404, like any address that names nothing; the first page always exists. */
export function requirePageInRange(page: number, pageSize: number, total: number): void {
  if (page > 1 && page > Math.ceil(total / pageSize)) throw new Response('Not Found', { status: 404 });
}

/** The /programmes filters of a URL; an unknown category or level means "any" rather than an error page. */
export function programFilters(search: URLSearchParams): Required<ProgramFilters> {
  const category = search.get('category') ?? '';
  const level = search.get('level') ?? '';
  return {
    category: isProgramCategory(category) ? category : '',
    level: isProgramLevel(level) ? level : '',
    q: (search.get('q') ?? '').trim().slice(0, PROGRAMME_SEARCH_MAX_LENGTH),
  };
}

/** How the trainer page names the levels (docs/product.md §2.4: "Advance" is displayed "Advanced"). */
export const LEVEL_LABELS: Readonly<Record<ProgramLevel, string>> = {
  Beginner: 'Beginner',
  Intermediate: 'Intermediate',
  Advance: 'Advanced',
};

export function formatDays(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

export function formatLessons(count: number): string {
  return count === 1 ? '1 lesson' : `${count} lessons`;
}
