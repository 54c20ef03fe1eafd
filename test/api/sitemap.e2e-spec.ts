import { beforeAll, describe, expect, it } from '@jest/globals';
import { SITEMAP_LIMITS, SITEMAP_QUERY_MESSAGES, type SitemapEntry } from '@fitcoach/contracts';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { createSession, type Session } from '../fixtures/users.js';

/*
 * GET /api/sitemap/ (docs/api.md: the sitemap's entries): the public pages the site's /sitemap.xml lists, as the
 * catalogue shows them. Other test files may share the database (MariaDB), so the tests look for their own rows
 * rather than count them all.
 */

const t = useTestApp();
let admin: Session;

beforeAll(async () => {
  admin = await createSession(t, { superuser: true });
});

const sitemap = (query = '') => t.http().get(`/api/sitemap/${query}`);

/** Every entry, read `pageSize` at a time until a page comes back short. */
async function allEntries(pageSize: number): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  for (let page = 1; ; page += 1) {
    const res = await sitemap(`?page=${page}&page_size=${pageSize}`).expect(200);
    entries.push(...(res.body as SitemapEntry[]));
    if (res.body.length < pageSize) return entries;
  }
}

/** The 400 answer to a query value out of range: one message, naming the field. */
const rangeRefusal = (field: string, message: string) => ({
  statusCode: 400,
  message,
  errors: [{ field, message }],
});

const has = (entries: SitemapEntry[], type: SitemapEntry['type'], id: number) =>
  entries.some((entry) => entry.type === type && entry.id === id);

describe('GET /api/sitemap/', () => {
  it('lists active trainers and their published programmes, with when each changed, to anyone', async () => {
    const { trainer } = await createTrainer(t);
    const published = await createProgram(t, trainer, { isPublished: true });
    const draft = await createProgram(t, trainer);
    // Without a published programme a trainer has no public page (docs/product.md §2.4).
    const { trainer: unlisted } = await createTrainer(t);
    await createProgram(t, unlisted);

    const res = await sitemap().expect(200);

    const entries = res.body as SitemapEntry[];
    expect(entries).toContainEqual({ type: 'trainer', id: trainer.id, updated_at: expect.any(String) });
    expect(entries).toContainEqual({ type: 'program', id: published.id, updated_at: expect.any(String) });
    expect(has(entries, 'program', draft.id)).toBe(false);
    expect(has(entries, 'trainer', unlisted.id)).toBe(false);
    for (const entry of entries) expect(new Date(entry.updated_at).toISOString()).toBe(entry.updated_at);
    expect(Number(res.headers['x-total-count'])).toBe(entries.length);
  });

  it('leaves out a blocked trainer and the published programmes of one', async () => {
    const { trainer } = await createTrainer(t, { account: { blocked: true } });
    const program = await createProgram(t, trainer, { isPublished: true });

    const entries = await allEntries(SITEMAP_LIMITS.maxUrls);

    expect(has(entries, 'trainer', trainer.id)).toBe(false);
    expect(has(entries, 'program', program.id)).toBe(false);
  });

  it('drops a programme and a trainer on the next request after a superuser blocks them', async () => {
    const { trainer: blockedTrainer } = await createTrainer(t);
    await createProgram(t, blockedTrainer, { isPublished: true });
    const { trainer } = await createTrainer(t);
    const program = await createProgram(t, trainer, { isPublished: true });
    // Its other programme keeps the trainer listed once this one is blocked.
    await createProgram(t, trainer, { isPublished: true });
    const before = await allEntries(SITEMAP_LIMITS.maxUrls);
    expect(has(before, 'trainer', blockedTrainer.id)).toBe(true);
    expect(has(before, 'program', program.id)).toBe(true);

    await t
      .http()
      .get(`/api/fitness_programs/changePublishStatus/${program.id}/`)
      .set('Authorization', admin.bearer)
      .expect(200);
    await t
      .http()
      .get(`/api/users/changeUserAccess/${blockedTrainer.userId}/`)
      .set('Authorization', admin.bearer)
      .expect(200);

    const after = await allEntries(SITEMAP_LIMITS.maxUrls);
    expect(has(after, 'program', program.id)).toBe(false);
    expect(has(after, 'trainer', blockedTrainer.id)).toBe(false);
    expect(has(after, 'trainer', trainer.id)).toBe(true);
  });

  it('pages the trainers then the programmes as one list, a page ending one and starting the other', async () => {
    const { trainer } = await createTrainer(t);
    await createProgram(t, trainer, { isPublished: true });
    await createProgram(t, trainer, { isPublished: true });
    const whole = await allEntries(SITEMAP_LIMITS.maxUrls);

    const paged = await allEntries(2);

    expect(paged).toEqual(whole);
    const types = whole.map((entry) => entry.type);
    expect(types).toEqual([...types].sort((a, b) => (a === b ? 0 : a === 'trainer' ? -1 : 1)));
    for (const type of ['trainer', 'program'] as const) {
      const ids = whole.filter((entry) => entry.type === type).map((entry) => entry.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
    const res = await sitemap('?page=1&page_size=2').expect(200);
    expect(res.headers.link).toContain('</api/sitemap/?page=2&page_size=2>; rel="next"');
  });

  it('answers an empty page past the last one', async () => {
    const res = await sitemap(`?page=${SITEMAP_LIMITS.maxSitemaps}`).expect(200);
    expect(res.body).toEqual([]);
  });

  it('is the same for a signed-in caller', async () => {
    const member = await createSession(t);
    const anonymous = await sitemap().expect(200);
    const signedIn = await sitemap().set('Authorization', member.bearer).expect(200);
    expect(signedIn.body).toEqual(anonymous.body);
  });

  it.each([
    'page=0',
    'page=-1',
    'page=1.5',
    'page=two',
    'page=1e3',
    `page=${SITEMAP_LIMITS.maxSitemaps + 1}`,
    'page=1&page=2',
    'page[a]=1',
  ])('refuses ?%s with a 400 naming the range', async (query) => {
    const res = await sitemap(`?${query}`).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(rangeRefusal('page', SITEMAP_QUERY_MESSAGES.page));
  });

  it.each([
    'page_size=0',
    `page_size=${SITEMAP_LIMITS.maxUrls + 1}`,
    'page_size=2.5',
    'page_size=1&page_size=2',
  ])('refuses ?%s with a 400 naming the range', async (query) => {
    const res = await sitemap(`?${query}`).expect(400);
    expect(res.body).toEqual(rangeRefusal('page_size', SITEMAP_QUERY_MESSAGES.pageSize));
  });
});
