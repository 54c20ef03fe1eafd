import { expect, test } from './fixtures.js';

// Chromium logs every 404 answer, the page's own included.
test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/] });

test('an unknown address answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await expect(page.getByText('The page you are looking for could not be found.')).toBeVisible();

  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Discover Your Fitness Journey with Us' })).toBeVisible();
});
