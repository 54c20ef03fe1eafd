import { createHash } from 'node:crypto';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { plainImage } from '../fixtures/images.js';
import { uniqueWord } from '../fixtures/words.js';
import { blockAccount, expect, signIn, superuserAuth, test } from './support/accounts.js';
import { apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';

/*
 * What crawlers and link previews read (docs/decisions/030-pages-found-and-shared.md): robots.txt, the sitemap, and
 * the head of the pages as the server sends it (no JavaScript), PUBLIC_URL being the test server's address.
 */

test.use({ javaScriptEnabled: false });

/** The `<loc>`s of /sitemap.xml, read as a crawler does, fresh each time. */
async function sitemapLocations(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await response.text();
  expect(xml).toMatch(/<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
}

/** The `<meta>` of the page's head with this name or property. */
function metaContent(page: Page, key: string) {
  return page.locator(`head meta[name="${key}"], head meta[property="${key}"]`);
}

/**
 * The JSON-LD of a page's HTML, and whether the page's CSP allows its script: by the nonce it carries, or by its
 * hash on a page shared by anonymous visitors (ADR 050).
 */
async function jsonLdOf(response: APIResponse) {
  const html = await response.text();
  const scripts = [
    ...html.matchAll(/<script type="application\/ld\+json" nonce="([^"]*)">(.*?)<\/script>/gs),
  ];
  expect(scripts).toHaveLength(1);
  const [, nonce, json] = scripts[0];
  const policy = response.headers()['content-security-policy'] ?? '';
  const hash = `'sha256-${createHash('sha256').update(json).digest('base64')}'`;
  return {
    html,
    json,
    data: JSON.parse(json) as Record<string, unknown>,
    allowed: policy.includes(`'nonce-${nonce}'`) || policy.includes(hash),
  };
}

test.describe('/robots.txt', () => {
  test('keeps crawlers out of the private areas and names the sitemap by its absolute URL', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
    const robots = await response.text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    for (const area of ['/admin', '/api/', '/chat', '/dashboard', '/trainerDashboard', '/programLesson/']) {
      expect(robots).toMatch(new RegExp(`^Disallow: ${area}$`, 'm'));
    }
    expect(robots).not.toMatch(/^Disallow: \/(programDetails|trainerPage|programmes|findTrainer)?$/m);
    expect(robots).toMatch(new RegExp(`^Sitemap: ${baseURL}/sitemap\\.xml$`, 'm'));
  });
});

test.describe('/sitemap.xml', () => {
  test('lists the public pages, published programmes and active trainers, and drops what a superuser blocks', async ({
    request,
    baseURL,
  }) => {
    const { account, trainerId } = await apiTrainer(request);
    const [published, unpublished] = [
      await apiProgram(request, account.auth),
      await apiProgram(request, account.auth),
    ];
    // Its other published programme keeps the trainer listed once a superuser blocks `published`.
    const kept = await apiProgram(request, account.auth);
    const other = await apiTrainer(request);
    const otherProgram = await apiProgram(request, other.account.auth);
    await publishPrograms(request, [published, kept, otherProgram]);

    const before = await sitemapLocations(request);
    for (const path of ['/', '/programmes', '/findTrainer']) expect(before).toContain(`${baseURL}${path}`);
    expect(before).toContain(`${baseURL}/programDetails/${published}`);
    expect(before).toContain(`${baseURL}/trainerPage/${trainerId}`);
    expect(before).toContain(`${baseURL}/programDetails/${otherProgram}`);
    expect(before).toContain(`${baseURL}/trainerPage/${other.trainerId}`);
    expect(before).not.toContain(`${baseURL}/programDetails/${unpublished}`);

    // A superuser blocks one programme, and another trainer's account (and with it the trainer's programmes).
    const blocked = await request.get(`/api/fitness_programs/changePublishStatus/${published}/`, {
      headers: await superuserAuth(request),
    });
    expect(blocked.status()).toBe(200);
    await blockAccount(request, other.account);

    const after = await sitemapLocations(request);
    expect(after).not.toContain(`${baseURL}/programDetails/${published}`);
    expect(after).not.toContain(`${baseURL}/trainerPage/${other.trainerId}`);
    expect(after).not.toContain(`${baseURL}/programDetails/${otherProgram}`);
    expect(after).toContain(`${baseURL}/trainerPage/${trainerId}`);
  });

  test('has no page of an index while everything fits in one sitemap', async ({ request }) => {
    expect((await request.get('/sitemap/1.xml')).status()).toBe(200);
    expect((await request.get('/sitemap/2.xml')).status()).toBe(404);
    expect((await request.get('/sitemap/x.xml')).status()).toBe(404);
  });
});

test.describe('a programme page', () => {
  test('is described, canonical and shared with a card and a Course', async ({ page, request, baseURL }) => {
    const word = uniqueWord();
    const name = `Sunrise ${word}`;
    const description = `Thirty days of ${word} practice.</script><script>document.title = 'hacked'</script>`;
    const { account, trainerId } = await apiTrainer(request, {}, { firstName: 'Mira', lastName: 'Coach' });
    const id = await apiProgram(request, account.auth, { program_name: name, description, price: 499 });
    await publishPrograms(request, [id]);
    const url = `${baseURL}/programDetails/${id}`;

    await page.goto(`/programDetails/${id}?utm_source=newsletter`);

    await expect(page).toHaveTitle(`${name} by Mira Coach | FitCoach`);
    await expect(metaContent(page, 'description')).toHaveAttribute('content', description);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', url);
    await expect(metaContent(page, 'og:type')).toHaveAttribute('content', 'website');
    await expect(metaContent(page, 'og:url')).toHaveAttribute('content', url);
    await expect(metaContent(page, 'og:title')).toHaveAttribute(
      'content',
      `${name} by Mira Coach | FitCoach`,
    );
    await expect(metaContent(page, 'og:description')).toHaveAttribute('content', description);
    await expect(metaContent(page, 'twitter:card')).toHaveAttribute('content', 'summary_large_image');
    await expect(metaContent(page, 'twitter:title')).toHaveAttribute(
      'content',
      `${name} by Mira Coach | FitCoach`,
    );
    await expect(metaContent(page, 'robots')).toHaveCount(0);
    const image = await metaContent(page, 'og:image').getAttribute('content');
    expect(image).toMatch(new RegExp(`^${baseURL}/media/.+\\.webp$`));
    await expect(metaContent(page, 'twitter:image')).toHaveAttribute('content', image ?? '');
    const picture = await request.get(image ?? '');
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/webp');

    const ld = await jsonLdOf(await request.get(`/programDetails/${id}`));
    expect(ld.allowed).toBe(true);
    expect(ld.json).not.toContain('</script>');
    expect(ld.data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name,
      description,
      url,
      image,
      provider: { '@type': 'Person', name: 'Mira Coach', url: `${baseURL}/trainerPage/${trainerId}` },
      offers: { '@type': 'Offer', category: 'Paid', price: '499.00', priceCurrency: 'USD', url },
    });
    await expect(page).not.toHaveTitle('hacked');
  });
});

test.describe('a trainer page', () => {
  test('is described, canonical and shared with a card and a Person', async ({ page, request, baseURL }) => {
    const { account, trainerId } = await apiTrainer(
      request,
      { specalized: 'Meditation', about: 'Calm minds, strong bodies.', picture: await plainImage(200, 200) },
      { firstName: 'Noor', lastName: 'Guide' },
    );
    // A trainer has a public page once a programme of theirs is published.
    await publishPrograms(request, [await apiProgram(request, account.auth)]);
    const url = `${baseURL}/trainerPage/${trainerId}`;

    await page.goto(`/trainerPage/${trainerId}?tab=experience&fbclid=abc`);

    await expect(page).toHaveTitle('Noor Guide, Meditation trainer | FitCoach');
    await expect(metaContent(page, 'description')).toHaveAttribute(
      'content',
      'Meditation trainer Noor Guide: Calm minds, strong bodies.',
    );
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', url);
    await expect(metaContent(page, 'og:type')).toHaveAttribute('content', 'profile');
    await expect(metaContent(page, 'og:url')).toHaveAttribute('content', url);
    await expect(metaContent(page, 'twitter:card')).toHaveAttribute('content', 'summary_large_image');
    const image = await metaContent(page, 'og:image').getAttribute('content');
    expect(image).toMatch(new RegExp(`^${baseURL}/media/.+\\.webp$`));
    expect((await request.get(image ?? '')).status()).toBe(200);

    const ld = await jsonLdOf(await request.get(`/trainerPage/${trainerId}`));
    expect(ld.allowed).toBe(true);
    expect(ld.data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Noor Guide',
      jobTitle: 'Meditation trainer',
      knowsAbout: 'Meditation',
      description: 'Calm minds, strong bodies.',
      url,
      image,
    });
  });

  test('without a picture has no image tags and a small card', async ({ page, request }) => {
    const { account, trainerId } = await apiTrainer(request);
    await publishPrograms(request, [await apiProgram(request, account.auth)]);
    await page.goto(`/trainerPage/${trainerId}`);
    await expect(metaContent(page, 'og:title')).toHaveCount(1);
    await expect(metaContent(page, 'og:image')).toHaveCount(0);
    await expect(metaContent(page, 'twitter:image')).toHaveCount(0);
    await expect(metaContent(page, 'twitter:card')).toHaveAttribute('content', 'summary');
  });
});

test.describe('pages that are not for search engines', () => {
  test('a signed-in page is noindex, with a title and description of its own', async ({ page, request }) => {
    await signIn(page, await apiAccount(request));
    await page.goto('/userProfile');
    await expect(page).toHaveTitle('Your profile | FitCoach');
    await expect(metaContent(page, 'robots')).toHaveAttribute('content', 'noindex');
    await expect(metaContent(page, 'description')).toHaveAttribute('content', /.+/);
    await expect(page.locator('head link[rel="canonical"]')).toHaveCount(0);
  });

  test('the public lists are indexable and canonical without their query', async ({ page, baseURL }) => {
    await page.goto('/programmes?category=Yoga&utm_campaign=spring');
    await expect(page).toHaveTitle('Programmes | FitCoach');
    await expect(metaContent(page, 'robots')).toHaveCount(0);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/programmes`);
  });
});

test.describe('a missing page', () => {
  test.use({
    expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/],
  });

  test('is noindex', async ({ page }) => {
    for (const path of ['/programDetails/999999999', '/no-such-page']) {
      await page.goto(path);
      await expect(page).toHaveTitle('Page not found | FitCoach');
      await expect(metaContent(page, 'robots')).toHaveAttribute('content', 'noindex');
    }
  });
});
