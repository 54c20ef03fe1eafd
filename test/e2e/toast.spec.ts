import { expect, test } from './fixtures.js';

/*
 * The flash toast on its own, as requireSuperuser sends it with its redirect (accounts.spec.ts goes through the real
 * redirect). The cookie is planted directly, encoded as Remix encodes cookie values (base64 of the JSON).
 */
const MESSAGE = 'You are not authorized to access this page.';

function toastCookie(baseURL: string) {
  const value = Buffer.from(JSON.stringify({ id: 'e2e-toast', message: MESSAGE, type: 'error' })).toString(
    'base64',
  );
  return { name: 'toast', value, url: baseURL };
}

test('a flash toast is shown once', async ({ page, context, baseURL }) => {
  await context.addCookies([toastCookie(baseURL ?? '')]);
  await page.goto('/');
  await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Discover Your Fitness Journey with Us' })).toBeVisible();
  await expect(page.getByText(MESSAGE)).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a flash toast is shown inline', async ({ page, context, baseURL }) => {
    await context.addCookies([toastCookie(baseURL ?? '')]);
    await page.goto('/');
    await expect(page.getByRole('alert').filter({ hasText: MESSAGE })).toBeVisible();
  });
});
