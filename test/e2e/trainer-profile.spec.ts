import { expect, signIn, test } from './support/accounts.js';
import { apiTrainer } from './support/catalogue.js';

// /trainer/profile only exists so far (a heading), for everybody alike.
test.describe('/trainer/profile', () => {
  test('shows a visitor its heading', async ({ page }) => {
    const response = await page.goto('/trainer/profile');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Trainer profile | FitCoach');
    await expect(page.getByRole('heading', { level: 1, name: 'Trainer Profile', exact: true })).toBeVisible();
  });

  test('shows a signed-in trainer the same page, signed in', async ({ page, request }) => {
    const { account } = await apiTrainer(request);
    await signIn(page, account);
    const response = await page.goto('/trainer/profile');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Trainer profile | FitCoach');
    await expect(page.getByRole('heading', { level: 1, name: 'Trainer Profile', exact: true })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Logout' }).filter({ visible: true })).toBeVisible();
  });
});
