import { describe, expect, it } from '@jest/globals';
import { SITEMAP_LIMITS, type SitemapEntry } from '@fitcoach/contracts';
import {
  entriesPerPage,
  PRIVATE_AREAS,
  robotsTxt,
  SITEMAP_PAGE_SIZE,
  sitemapIndexXml,
  sitemapPageCount,
  sitemapPageXml,
  sitemapXml,
  STATIC_PAGES,
  urlsetXml,
  urlsOfPage,
} from './sitemap';

const PUBLIC_URL = 'https://fit.example';

const trainer = (id: number): SitemapEntry => ({
  type: 'trainer',
  id,
  updated_at: '2024-05-01T10:00:00.000Z',
});
const program = (id: number): SitemapEntry => ({
  type: 'program',
  id,
  updated_at: '2024-06-02T11:30:00.000Z',
});

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe('the sitemap page size', () => {
  it('is the protocol limit of 50,000 URLs', () => {
    expect(SITEMAP_PAGE_SIZE).toBe(50_000);
    expect(SITEMAP_LIMITS.maxUrls).toBe(50_000);
  });

  it('keeps room for the static pages on every page', () => {
    expect(entriesPerPage()).toBe(50_000 - STATIC_PAGES.length);
    expect(() => entriesPerPage(STATIC_PAGES.length)).toThrow('has no room for entries');
  });
});

describe(sitemapPageCount.name, () => {
  // With 5 URLs a page, 3 of them static, each page holds 2 entries of the API.
  it.each([
    [0, 1],
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
    [200, 100],
  ])('%d entries make %d page(s) of 5 URLs', (entries, pages) => {
    expect(sitemapPageCount(entries, 5)).toBe(pages);
  });

  it('is one sitemap up to 50,000 URLs with the static pages, an index past that', () => {
    const room = SITEMAP_PAGE_SIZE - STATIC_PAGES.length;
    expect(sitemapPageCount(room)).toBe(1);
    expect(sitemapPageCount(room + 1)).toBe(2);
    expect(sitemapPageCount(room * 3 + 1)).toBe(4);
  });
});

describe(urlsOfPage.name, () => {
  it('puts the static pages first on page 1, then the trainers and programmes with their dates', () => {
    expect(urlsOfPage(1, [trainer(7), program(3)])).toEqual([
      { path: '/' },
      { path: '/programmes' },
      { path: '/findTrainer' },
      { path: '/trainerPage/7', lastModified: '2024-05-01T10:00:00.000Z' },
      { path: '/programDetails/3', lastModified: '2024-06-02T11:30:00.000Z' },
    ]);
  });

  it('lists only the entries on later pages', () => {
    expect(urlsOfPage(2, [program(9)])).toEqual([
      { path: '/programDetails/9', lastModified: '2024-06-02T11:30:00.000Z' },
    ]);
  });

  it('never puts more than the page size on a page when the entries are split as it says', () => {
    const pageSize = 5;
    const entries = Array.from({ length: 11 }, (_, index) => program(index + 1));
    const per = entriesPerPage(pageSize);
    const pages = Array.from({ length: sitemapPageCount(entries.length, pageSize) }, (_, index) =>
      urlsOfPage(index + 1, entries.slice(index * per, (index + 1) * per)),
    );
    expect(pages.map((urls) => urls.length)).toEqual([5, 2, 2, 2, 2, 1]);
    expect(pages.flat().map((url) => url.path)).toEqual([
      ...STATIC_PAGES,
      ...entries.map((entry) => `/programDetails/${entry.id}`),
    ]);
  });
});

describe(urlsetXml.name, () => {
  it('is a sitemaps.org urlset of absolute URLs with their last change', () => {
    const xml = urlsetXml(PUBLIC_URL, urlsOfPage(1, [program(3)]));
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locations(xml)).toEqual([
      'https://fit.example/',
      'https://fit.example/programmes',
      'https://fit.example/findTrainer',
      'https://fit.example/programDetails/3',
    ]);
    expect(xml).toContain(
      '<url><loc>https://fit.example/programDetails/3</loc><lastmod>2024-06-02T11:30:00.000Z</lastmod></url>',
    );
    expect(xml.trimEnd()).toMatch(/<\/urlset>$/);
  });

  it('escapes what XML would read as markup', () => {
    expect(urlsetXml('https://fit.example/a&b', [{ path: '/' }])).toContain(
      '<loc>https://fit.example/a&amp;b/</loc>',
    );
  });
});

describe(sitemapIndexXml.name, () => {
  it('names each sitemap page by its absolute URL', () => {
    const xml = sitemapIndexXml(PUBLIC_URL, 3);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locations(xml)).toEqual([
      'https://fit.example/sitemap/1.xml',
      'https://fit.example/sitemap/2.xml',
      'https://fit.example/sitemap/3.xml',
    ]);
  });
});

describe(robotsTxt.name, () => {
  const robots = robotsTxt(PUBLIC_URL);

  it('names the sitemap by its absolute URL', () => {
    expect(robots).toContain('\nSitemap: https://fit.example/sitemap.xml\n');
  });

  it('keeps crawlers out of the private areas, and only those', () => {
    const disallowed = [...robots.matchAll(/^Disallow: (.*)$/gm)].map((match) => match[1]);
    expect(disallowed).toEqual([...PRIVATE_AREAS]);
    for (const area of ['/admin', '/api/', '/chat', '/dashboard', '/trainerDashboard', '/programLesson/']) {
      expect(disallowed).toContain(area);
    }
    const blocks = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));
    for (const path of [
      '/',
      '/programmes',
      '/findTrainer',
      '/programDetails/3',
      '/trainerPage/7',
      '/media/a.webp',
    ]) {
      expect(blocks(path)).toBe(false);
    }
  });
});

describe('/sitemap.xml and its pages', () => {
  // 5 URLs a page: the static pages and 2 entries on page 1, 2 entries on each other page.
  const PAGE_SIZE = 5;
  const entries = [trainer(1), trainer(2), program(1), program(2), program(3)];
  const pageOf = (page: number) => ({
    items: entries.slice((page - 1) * 2, page * 2),
    total: entries.length,
  });

  it('is the sitemap itself while every URL fits in one page', () => {
    const xml = sitemapXml(PUBLIC_URL, { items: entries.slice(0, 2), total: 2 }, PAGE_SIZE);
    expect(xml).toContain('<urlset');
    expect(locations(xml)).toHaveLength(5);
  });

  it('is the index of the pages past that, each page holding at most the page size', () => {
    const index = sitemapXml(PUBLIC_URL, pageOf(1), PAGE_SIZE);
    expect(index).toContain('<sitemapindex');
    expect(index).not.toContain('<urlset');
    expect(locations(index)).toEqual([1, 2, 3].map((n) => `${PUBLIC_URL}/sitemap/${n}.xml`));

    const pages = [1, 2, 3].map((n) => locations(sitemapPageXml(PUBLIC_URL, n, pageOf(n), PAGE_SIZE) ?? ''));
    for (const urls of pages) expect(urls.length).toBeLessThanOrEqual(PAGE_SIZE);
    expect(pages.flat()).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/programmes`,
      `${PUBLIC_URL}/findTrainer`,
      `${PUBLIC_URL}/trainerPage/1`,
      `${PUBLIC_URL}/trainerPage/2`,
      `${PUBLIC_URL}/programDetails/1`,
      `${PUBLIC_URL}/programDetails/2`,
      `${PUBLIC_URL}/programDetails/3`,
    ]);
  });

  it('has no page past the last one', () => {
    expect(sitemapPageXml(PUBLIC_URL, 4, { items: [], total: entries.length }, PAGE_SIZE)).toBeNull();
  });
});
