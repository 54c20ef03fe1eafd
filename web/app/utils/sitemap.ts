import { SITEMAP_LIMITS, type SitemapEntry } from '@fitcoach/contracts';
import { absoluteUrl, programPath, trainerPath } from './seo';

// /robots.txt and /sitemap.xml (docs/decisions/030-pages-found-and-shared.md). Past SITEMAP_PAGE_SIZE URLs the
// sitemap is an index of /sitemap/{n}.xml; page n is page n of the API's list, the first also the static pages.

/** The sitemaps protocol's most URLs in one sitemap. */
export const SITEMAP_PAGE_SIZE: number = SITEMAP_LIMITS.maxUrls;

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

export function sitemapPageCount(entryCount: number, pageSize: number = SITEMAP_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(entryCount / entriesPerPage(pageSize)));
}

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

export function urlsetXml(publicUrl: string, urls: readonly SitemapUrl[]): string {
  const items = urls.map(({ path, lastModified }) => {
    const lastmod = lastModified === undefined ? '' : `<lastmod>${xmlText(lastModified)}</lastmod>`;
    return `<url><loc>${xmlText(absoluteUrl(publicUrl, path))}</loc>${lastmod}</url>`;
  });
  return [XML_HEAD, `<urlset xmlns="${XMLNS}">`, ...items, '</urlset>', ''].join('\n');
}

export const sitemapPagePath = (page: number) => `/sitemap/${page}.xml`;

export function sitemapIndexXml(publicUrl: string, pageCount: number): string {
  const items = Array.from(
    { length: pageCount },
    (_, index) =>
      `<sitemap><loc>${xmlText(absoluteUrl(publicUrl, sitemapPagePath(index + 1)))}</loc></sitemap>`,
  );
  return [XML_HEAD, `<sitemapindex xmlns="${XMLNS}">`, ...items, '</sitemapindex>', ''].join('\n');
}

export interface EntriesPage {
  items: readonly SitemapEntry[];
  total: number;
}

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
