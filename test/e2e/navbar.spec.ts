import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

interface Destination {
  link: string;
  url: string;
  heading: string;
}

const NAV_LINKS: Destination[] = [
  { link: 'Find trainers', url: '/findTrainer', heading: 'Meet Trainers That Push You To Your LImits' },
  { link: 'Programms', url: '/programmes', heading: 'Find Programmes that Suits Your Goals' },
  { link: 'Join as Trainer', url: '/trainerRegister', heading: 'You need to create an account first' },
  { link: 'Log In', url: '/login', heading: 'Log In' },
  { link: 'Sign Up', url: '/register', heading: 'Sign UP' },
];

// Chat and Dashboard need a signed-in user, so an anonymous visitor lands on the login page.
const COMMUNITY_LINKS: Destination[] = [
  { link: 'Login', url: '/login', heading: 'Log In' },
  { link: 'Sign up', url: '/register', heading: 'Sign UP' },
  { link: 'Chat', url: `/login?redirectTo=${encodeURIComponent('/chat')}`, heading: 'Log In' },
  { link: 'Dashboard', url: `/login?redirectTo=${encodeURIComponent('/dashboard')}`, heading: 'Log In' },
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

    for (const destination of COMMUNITY_LINKS) {
      test(`Community → "${destination.link}"`, async ({ page }) => {
        await page.goto('/');
        const header = page.getByRole('banner');
        const entry = header.getByRole('link', { name: destination.link, exact: true });
        await expect(entry).toBeHidden();
        await header.getByText('Community', { exact: true }).filter({ visible: true }).click();
        await entry.click();
        await expectDestination(page, destination);
      });
    }

    test('the logo leads home', async ({ page }) => {
      await page.goto('/programmes');
      await page.getByRole('banner').getByRole('link', { name: 'GET-FIT' }).click();
      await expect(page).toHaveURL('/');
    });
  });
}

navbarSuite(true);
navbarSuite(false);
