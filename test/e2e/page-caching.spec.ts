import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { blockAccount, expect, signIn, test } from './support/accounts.js';
import { apiAccount } from './support/catalogue.js';

/*
 * Pages are revalidated on every visit (api/src/common/web/remix-handler.ts, docs/decisions/036): `no-cache` with
 * an ETag of the page without its CSP nonce, so a browser holding the same page is answered 304, and the copy it
 * keeps stays with the policy it came with.
 */

test('a page is revalidated on every visit: the same page again is a 304 without a policy of its own', async ({
  request,
}) => {
  const first = await request.get('/login');
  expect(first.status()).toBe(200);
  expect(first.headers()['cache-control']).toBe('no-cache');
  const etag = first.headers().etag ?? '';
  expect(etag).toMatch(/^W\/"[\w+/=-]+"$/);
  expect(first.headers()['content-security-policy']).toContain("'nonce-");

  const again = await request.get('/login');
  expect(again.headers().etag).toBe(etag);

  const held = await request.get('/login', { headers: { 'If-None-Match': etag } });
  expect(held.status()).toBe(304);
  expect(held.headers().etag).toBe(etag);
  expect(held.headers()['content-security-policy']).toBeUndefined();
  expect(await held.body()).toHaveLength(0);
});

test("a signed-in member's page is private, and a change to it is a new page", async ({ page }) => {
  const member = await apiAccount(page.request);
  await signIn(page, member);
  const before = await page.request.get('/userProfile');
  expect(before.status()).toBe(200);
  expect(before.headers()['cache-control']).toBe('private, no-cache');
  const etag = before.headers().etag ?? '';
  expect((await page.request.get('/userProfile', { headers: { 'If-None-Match': etag } })).status()).toBe(304);

  const renamed = await page.request.put('/api/users/updateUser/', {
    headers: member.auth,
    multipart: { first_name: 'Revalidated' },
  });
  expect(renamed.status()).toBe(200);
  const after = await page.request.get('/userProfile', { headers: { 'If-None-Match': etag } });
  expect(after.status()).toBe(200);
  expect(after.headers().etag).not.toBe(etag);
  expect(await after.text()).toContain('Revalidated');
});

test('a page the browser revalidated keeps running its scripts', async ({ page }) => {
  const nonce = () => page.evaluate(() => document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce);
  await page.goto('/login');
  const kept = await nonce();
  expect(kept).toBeTruthy();
  await page.reload();
  // Answered 304: the browser shows its own copy, rendered with the first answer's nonce.
  expect(await nonce()).toBe(kept);
  // A client-side navigation needs the hydrated app: it would be a full page load without its scripts.
  await page.evaluate(() => Object.assign(window, { stayedOnThisDocument: true }));
  await page.getByRole('link', { name: 'Find trainers' }).first().click();
  await expect(page).toHaveURL('/findTrainer');
  expect(await page.evaluate(() => 'stayedOnThisDocument' in window)).toBe(true);
});

/*
 * A signed-in member's own pages are kept for that session alone, for a few seconds or until the next write
 * (docs/decisions/041). The same bytes again show it: a page rendered anew would carry a new CSP nonce.
 */
test.describe("a signed-in member's kept page", () => {
  const cookieHeader = async (context: BrowserContext) =>
    (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');

  /**
   * Reads `path` until two answers in a row are the same bytes: the first read may consume a toast's cookie, and the
   * other workers' writes empty what is kept; a page rendered anew every time never passes.
   */
  async function kept(request: APIRequestContext, path: string): Promise<string> {
    let previous = '';
    for (let read = 0; read < 30; read += 1) {
      const answer = await request.get(path);
      expect(answer.status()).toBe(200);
      const text = await answer.text();
      if (text === previous) return text;
      previous = text;
    }
    throw new Error(`${path} was rendered anew on each of 30 reads`);
  }

  test('is sent again as it was to the same session, and never to another', async ({ page, browser }) => {
    const member = await apiAccount(page.request, { firstName: 'Keptformember' });
    await signIn(page, member);
    expect(await kept(page.request, '/userProfile')).toContain('Keptformember');

    const elsewhere = await browser.newContext();
    try {
      const otherPage = await elsewhere.newPage();
      const someone = await apiAccount(otherPage.request, { firstName: 'Someoneelse' });
      await signIn(otherPage, someone);
      const theirs = await kept(otherPage.request, '/userProfile');
      expect(theirs).toContain('Someoneelse');
      expect(theirs).not.toContain('Keptformember');
    } finally {
      await elsewhere.close();
    }
  });

  for (const ending of ['a logout', 'a block'] as const) {
    test(`is not sent to the same cookie on the request right after ${ending}`, async ({
      page,
      playwright,
      baseURL,
    }) => {
      const member = await apiAccount(page.request, { firstName: 'Endedmember' });
      await signIn(page, member);
      const replay = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { Cookie: await cookieHeader(page.context()) },
      });
      try {
        expect(await kept(replay, '/userProfile')).toContain('Endedmember');
        if (ending === 'a logout') {
          expect((await page.request.post('/logout', { maxRedirects: 0 })).status()).toBe(302);
        } else {
          await blockAccount(page.request, member);
        }
        const after = await replay.get('/userProfile', { maxRedirects: 0 });
        expect(after.status()).toBe(302);
        expect(after.headers().location).toMatch(/^\/login/);
      } finally {
        await replay.dispose();
      }
    });
  }
});
