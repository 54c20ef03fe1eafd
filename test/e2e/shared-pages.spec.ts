import { createHash } from 'node:crypto';
import type { APIResponse } from '@playwright/test';
import { expect, signIn, test } from './support/accounts.js';
import { apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The public catalogue pages are rendered once for all anonymous visitors of the next few seconds (ADR 010), and a
 * proxy may keep them as long (ADR 050). Visitors must notice none of it: every page keeps working
 * scripts, changes show on the next request, and a signed-in visitor always gets their own page.
 */

/** What the CSP header allows of the page's scripts: a nonce, or the hashes of inline scripts. */
async function scripts(response: APIResponse) {
  const header = response.headers()['content-security-policy'] ?? '';
  const sources = (/script-src ([^;]*)/.exec(header)?.[1] ?? '').split(' ');
  const html = await response.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => m[1] ?? '',
  );
  return {
    nonces: sources.filter((source) => source.startsWith("'nonce-")).map((source) => source.slice(7, -1)),
    hashes: sources.filter((source) => source.startsWith("'sha256-")),
    inlineHashes: inline.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`),
  };
}

test.describe('pages shared by anonymous visitors', () => {
  test('allow their scripts by hash, never by a nonce, and may be kept by a proxy for seconds', async ({
    playwright,
    baseURL,
  }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    // An address nobody asked for yet: the first answer is rendered, the second remembered.
    const address = `/programmes?probe=${uniqueWord()}`;
    const answers = [await visitor.get(address), await visitor.get(address)];
    for (const answer of answers) {
      expect(answer.headers()['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=2');
      const allowed = await scripts(answer);
      expect(allowed.nonces).toEqual([]);
      expect(allowed.inlineHashes.length).toBeGreaterThan(0);
      expect(allowed.hashes).toEqual(expect.arrayContaining(allowed.inlineHashes));
    }
    await visitor.dispose();
  });

  test('keep their scripts running when served again', async ({ page }) => {
    await page.goto('/programmes');
    await page.goto('/programmes');
    // A client-side navigation needs the hydrated app: it would be a full page load without its scripts.
    await page.evaluate(() => Object.assign(window, { stayedOnThisDocument: true }));
    await page.getByRole('link', { name: 'Find trainers' }).first().click();
    await expect(page).toHaveURL('/findTrainer');
    expect(await page.evaluate(() => 'stayedOnThisDocument' in window)).toBe(true);
  });

  test('show a programme on the next visit after its publication', async ({ page, request }) => {
    const word = uniqueWord();
    const { account } = await apiTrainer(request);
    const programId = await apiProgram(request, account.auth, { program_name: `Shared ${word}` });
    await page.goto(`/programmes?q=${word}`);
    await expect(page.getByRole('article')).toHaveCount(0);

    await publishPrograms(request, [programId]);
    await page.goto(`/programmes?q=${word}`);
    await expect(page.getByRole('article').filter({ hasText: `Shared ${word}` })).toBeVisible();
  });

  test('are never what a signed-in visitor gets', async ({ page, request }) => {
    const { account } = await apiTrainer(request);
    await page.goto('/programmes');
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    await signIn(page, account);
    await page.goto('/programmes');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);
  });
});
