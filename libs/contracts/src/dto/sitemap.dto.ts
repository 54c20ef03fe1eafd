import { queryWholeNumber } from './pagination.dto.js';

/**
 * The sitemaps protocol's limits: a sitemap lists at most 50,000 URLs, and a sitemap index names at most 50,000
 * sitemaps. `GET /api/sitemap/` pages its entries within them (docs/api.md: the sitemap's entries).
 */
export const SITEMAP_LIMITS = { maxUrls: 50_000, maxSitemaps: 50_000 } as const;

export const SITEMAP_QUERY_MESSAGES = {
  page: `page must be a whole number from 1 to ${SITEMAP_LIMITS.maxSitemaps}`,
  pageSize: `page_size must be a whole number from 1 to ${SITEMAP_LIMITS.maxUrls}`,
} as const;

/** `?page=&page_size=` of `GET /api/sitemap/`: pages as large as one sitemap, by default the largest. */
export class SitemapQueryDto {
  @queryWholeNumber(SITEMAP_LIMITS.maxSitemaps, SITEMAP_QUERY_MESSAGES.page)
  page?: number;

  @queryWholeNumber(SITEMAP_LIMITS.maxUrls, SITEMAP_QUERY_MESSAGES.pageSize)
  page_size?: number;
}

export type SitemapEntryType = 'trainer' | 'program';

/** A public page the sitemap lists: an active trainer's or a published programme's, with when it last changed. */
export interface SitemapEntry {
  type: SitemapEntryType;
  id: number;
  updated_at: string;
}
