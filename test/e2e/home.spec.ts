import { expect, test } from './fixtures.js';

test.describe('home page', () => {
  test('has its title and hero', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Fitness programmes and personal trainers | FitCoach');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Discover Your Fitness Journey with Us' }),
    ).toBeVisible();
  });

  test('"Get Started" leads to the sign-up page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL('/register');
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  });

  test('"Learn More" leads to the trainers page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Learn More' }).click();
    await expect(page).toHaveURL('/findTrainer');
    await expect(
      page.getByRole('heading', { name: 'Meet Trainers That Push You To Your Limits' }),
    ).toBeVisible();
  });

  test('the promotions lead to programmes, trainers and trainer registration', async ({ page }) => {
    const targets = [
      { name: 'START A PROGRAMME', url: '/programmes' },
      { name: 'Find a Trainer', url: '/findTrainer' },
      { name: 'BECOME A TRAINER', url: '/trainerRegister' },
    ];
    for (const { name, url } of targets) {
      await page.goto('/');
      await page.getByRole('main').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
    }
  });

  test('the footer shows the current year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(`© FitCoach ${new Date().getFullYear()}`)).toBeVisible();
  });
});

test.describe('home page on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('does not scroll sideways and opens its menu', async ({ page }) => {
    await page.goto('/');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);

    const header = page.getByRole('banner');
    const findTrainers = header.getByRole('link', { name: 'Find trainers' });
    await expect(findTrainers).toBeHidden();
    await header.getByText('Menu', { exact: true }).click();
    await expect(findTrainers).toBeVisible();
    await findTrainers.click();
    await expect(page).toHaveURL('/findTrainer');
    await expect(findTrainers).toBeHidden();
  });
});
