import type { APIResponse } from '@playwright/test';
import { expect, signIn, test } from './support/accounts.js';
import { apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The public catalogue pages are rendered once for all anonymous visitors of the next few seconds (ADR 010).
 * Visitors must notice none of it: every page keeps working scripts, changes show on the next request, and a
 * signed-in visitor always gets their own page.
 */

/** The CSP nonce the header allows and the nonces the page's scripts carry. */
async function nonces(response: APIResponse) {
  const header = response.headers()['content-security-policy'] ?? '';
  const allowed = /'nonce-([^']+)'/.exec(header)?.[1];
  const used = new Set(
    [...(await response.text()).matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]),
  );
  return { allowed, used: [...used] };
}

test.describe('pages shared by anonymous visitors', () => {
  test('give every answer a nonce of its own that its scripts carry', async ({ playwright, baseURL }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    const first = await nonces(await visitor.get('/programmes'));
    const second = await nonces(await visitor.get('/programmes'));
    await visitor.dispose();
    expect(first.used).toEqual([first.allowed]);
    expect(second.used).toEqual([second.allowed]);
    expect(second.allowed).not.toBe(first.allowed);
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
