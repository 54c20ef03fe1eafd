import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

interface Destination {
  link: string;
  url: string;
  heading: string;
}

const NAV_LINKS: Destination[] = [
  { link: 'Find trainers', url: '/findTrainer', heading: 'Meet Trainers That Push You To Your Limits' },
  { link: 'Programmes', url: '/programmes', heading: 'Find Programmes That Suit Your Goals' },
  { link: 'Join as Trainer', url: '/trainerRegister', heading: 'You need to create an account first' },
  { link: 'Log In', url: '/login', heading: 'Log In' },
  { link: 'Sign Up', url: '/register', heading: 'Sign Up' },
];

async function expectDestination(page: Page, { url, heading }: Destination) {
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
}

function navbarSuite(javaScriptEnabled: boolean) {
  test.describe(`navbar with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    test.use({ javaScriptEnabled });

    for (const destination of NAV_LINKS) {
      test(`"${destination.link}"`, async ({ page }) => {
        await page.goto('/');
        await page.getByRole('banner').getByRole('link', { name: destination.link, exact: true }).click();
        await expectDestination(page, destination);
      });
    }

    // Chat and Dashboard are a signed-in visitor's: a visitor is offered Log In and Sign Up instead.
    test('the logo leads home; no menu without a page of its own', async ({ page }) => {
      await page.goto('/programmes');
      const header = page.getByRole('banner');
      await expect(header.getByText('Community', { exact: true })).toHaveCount(0);
      await expect(header.getByRole('link', { name: 'Chat', exact: true })).toHaveCount(0);
      await header.getByRole('link', { name: 'FitCoach' }).click();
      await expect(page).toHaveURL('/');
    });
  });
}

navbarSuite(true);
navbarSuite(false);
