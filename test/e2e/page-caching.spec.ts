import { expect, signIn, test } from './support/accounts.js';
import { apiAccount } from './support/catalogue.js';

/*
 * Pages are revalidated on every visit (api/src/common/web/remix-handler.ts, ADR 036): `no-cache` with
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
