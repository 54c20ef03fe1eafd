import { expect, test } from './fixtures.js';

test.describe('protected pages send anonymous visitors to the login page', () => {
  for (const path of [
    '/trainerDashboard',
    '/TrainerDashboard',
    '/userProfile',
    '/chat',
    '/admin/dashboard',
  ]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    });
  }

  test('the query string is kept in redirectTo', async ({ page }) => {
    await page.goto('/userProfile?tab=stats');
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent('/userProfile?tab=stats')}`);
  });
});

test('the notifications route, which only reads on POST, answers a GET 405 naming POST', async ({
  request,
}) => {
  const response = await request.get('/notifications', { maxRedirects: 0 });
  expect(response.status()).toBe(405);
  expect(response.headers().allow).toBe('POST');
  expect(await response.json()).toEqual({ message: 'Method Not Allowed' });
});
