import { SITEMAP_LIMITS, type SitemapEntry } from '@fitcoach/contracts';
import { absoluteUrl, programPath, trainerPath } from './seo';

/*
 * /robots.txt and /sitemap.xml (docs/decisions/030-pages-found-and-shared.md). The sitemap lists the public pages
 * of every visitor: the static ones, the active trainers' and the published programmes'. Past SITEMAP_PAGE_SIZE
 * URLs it becomes an index of /sitemap/{n}.xml pages, the first of which also holds the static pages; sitemap page
 * n is page n of the API's list (GET /api/sitemap/) taken `entriesPerPage` at a time.
 */

/** The sitemaps protocol's most URLs in one sitemap. */
export const SITEMAP_PAGE_SIZE: number = SITEMAP_LIMITS.maxUrls;

/** The public pages that are always there, in the first sitemap. */
export const STATIC_PAGES = ['/', '/programmes', '/findTrainer'] as const;

/** Where crawlers are not welcome: the pages of signed-in visitors, one-off links, and the API. */
export const PRIVATE_AREAS = [
  '/admin',
  '/api/',
  '/chat',
  '/checkout/',
  '/dashboard',
  '/logout',
  '/notifications',
  '/programLesson/',
  '/trainer/',
  '/trainerDashboard',
  '/trainerRegister',
  '/userProfile',
  '/verify/',
] as const;

export interface SitemapUrl {
  path: string;
  lastModified?: string;
}

/** How many of the API's entries each sitemap page holds: the first one keeps room for the static pages. */
export function entriesPerPage(pageSize: number = SITEMAP_PAGE_SIZE): number {
  if (pageSize <= STATIC_PAGES.length)
    throw new Error(`A sitemap page of ${pageSize} URLs has no room for entries`);
  return pageSize - STATIC_PAGES.length;
}

/** How many sitemap pages `entryCount` entries make; more than one makes /sitemap.xml an index. */
export function sitemapPageCount(entryCount: number, pageSize: number = SITEMAP_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(entryCount / entriesPerPage(pageSize)));
}

/** The URLs of sitemap page `page` (1-based), given that page of the API's entries. */
export function urlsOfPage(page: number, entries: readonly SitemapEntry[]): SitemapUrl[] {
  const pages: SitemapUrl[] = page === 1 ? STATIC_PAGES.map((path) => ({ path })) : [];
  return [
    ...pages,
    ...entries.map((entry) => ({
      path: entry.type === 'trainer' ? trainerPath(entry.id) : programPath(entry.id),
      lastModified: entry.updated_at,
    })),
  ];
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xmlText = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A sitemap (`<urlset>`) of absolute URLs. */
export function urlsetXml(publicUrl: string, urls: readonly SitemapUrl[]): string {
  const items = urls.map(({ path, lastModified }) => {
    const lastmod = lastModified === undefined ? '' : `<lastmod>${xmlText(lastModified)}</lastmod>`;
    return `<url><loc>${xmlText(absoluteUrl(publicUrl, path))}</loc>${lastmod}</url>`;
  });
  return [XML_HEAD, `<urlset xmlns="${XMLNS}">`, ...items, '</urlset>', ''].join('\n');
}

export const sitemapPagePath = (page: number) => `/sitemap/${page}.xml`;

/** A sitemap index naming sitemap pages 1 to `pageCount`. */
export function sitemapIndexXml(publicUrl: string, pageCount: number): string {
  const items = Array.from(
    { length: pageCount },
    (_, index) =>
      `<sitemap><loc>${xmlText(absoluteUrl(publicUrl, sitemapPagePath(index + 1)))}</loc></sitemap>`,
  );
  return [XML_HEAD, `<sitemapindex xmlns="${XMLNS}">`, ...items, '</sitemapindex>', ''].join('\n');
}

/** One page of the API's list, with the list's total. */
export interface EntriesPage {
  items: readonly SitemapEntry[];
  total: number;
}

/**
 * /sitemap.xml from the first page of entries: the sitemap itself while every URL fits in one, else the index of
 * the sitemap pages.
 */
export function sitemapXml(
  publicUrl: string,
  first: EntriesPage,
  pageSize: number = SITEMAP_PAGE_SIZE,
): string {
  const pageCount = sitemapPageCount(first.total, pageSize);
  return pageCount === 1
    ? urlsetXml(publicUrl, urlsOfPage(1, first.items))
    : sitemapIndexXml(publicUrl, pageCount);
}

/** Sitemap page `page` of an index, or null when the index has no such page. */
export function sitemapPageXml(
  publicUrl: string,
  page: number,
  entries: EntriesPage,
  pageSize: number = SITEMAP_PAGE_SIZE,
): string | null {
  return page > sitemapPageCount(entries.total, pageSize)
    ? null
    : urlsetXml(publicUrl, urlsOfPage(page, entries.items));
}

/** /robots.txt: everything but the private areas, and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_AREAS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
