import type { Page } from '@playwright/test';
import { plainImage } from '../fixtures/images.js';
import { appStarted } from './fixtures.js';
import { expect, test } from './support/accounts.js';
import { apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';

/*
 * The app's scripts are fetched once the page has painted its first content and loaded its main picture
 * (web/app/utils/after-paint.ts, docs/decisions/044); until then the page is the server's HTML, which works without
 * them. Then the page comes alive as before, under its own nonce or, served to many, under its scripts' hashes.
 */

/** A trainer with a picture and five published Beginner programmes: a row with arrows, which need JavaScript. */
async function trainerWithRow(page: Page) {
  const { account, trainerId } = await apiTrainer(page.request, { picture: await plainImage(800, 800) });
  const ids: number[] = [];
  for (let n = 1; n <= 5; n += 1) ids.push(await apiProgram(page.request, account.auth));
  await publishPrograms(page.request, ids);
  return trainerId;
}

/** When the first content was painted, when the main picture arrived and when each script was asked for. */
function loadTimes(page: Page) {
  return page.evaluate(() => {
    const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      picture: resources.find((entry) => entry.name === picture?.currentSrc)?.responseEnd,
      scripts: resources
        .filter((entry) => new URL(entry.name).pathname.match(/^\/assets\/.+\.js$/))
        .map((entry) => entry.startTime),
    };
  });
}

test('a page asks for its scripts only after its first paint and its main picture, then comes alive', async ({
  page,
}) => {
  const trainerId = await trainerWithRow(page);
  await page.goto(`/trainerPage/${trainerId}`);
  const arrow = page.getByRole('button', { name: 'Scroll Beginner right' });
  await expect(arrow).toBeVisible();

  const { firstPaint, picture, scripts } = await loadTimes(page);
  expect(firstPaint).toBeGreaterThan(0);
  expect(picture).toBeGreaterThan(0);
  expect(scripts.length).toBeGreaterThan(3);
  for (const asked of scripts) {
    expect(asked).toBeGreaterThanOrEqual(firstPaint ?? Infinity);
    expect(asked).toBeGreaterThanOrEqual(picture ?? Infinity);
  }
});

test('a page served to many, whose policy allows its scripts by their hashes, comes alive too', async ({
  page,
  browser,
}) => {
  const trainerId = await trainerWithRow(page);
  // The first visit renders the page and keeps it; other tests write meanwhile, and every write empties the kept
  // pages: a new visitor comes until one is sent the kept copy, whose policy lists hashes rather than a nonce.
  for (let visit = 0; visit < 20; visit += 1) {
    const visitor = await browser.newContext();
    const again = await visitor.newPage();
    const errors: string[] = [];
    again.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const answer = await again.goto(`/trainerPage/${trainerId}`);
    const kept = answer?.headers()['content-security-policy']?.includes("'sha256-") ?? false;
    if (kept) {
      await expect(again.getByRole('button', { name: 'Scroll Beginner right' })).toBeVisible();
      expect(errors).toEqual([]);
    }
    await visitor.close();
    if (kept) return;
  }
  throw new Error('no visitor was sent the kept copy of the page');
});

test('a visitor who presses keys while the page starts gets a page that comes alive', async ({ browser }) => {
  // Tab presses from the moment the page has loaded, over and over: a key press while React starts on a page
  // whose data is still being decoded once left it dead (web/app/entry.client.tsx).
  for (let visit = 0; visit < 10; visit += 1) {
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/login');
    for (let press = 0; press < 20; press += 1) await page.keyboard.press('Tab');
    // Left dead, the page never makes its router; alive, the form hints as it does once the app runs.
    await appStarted(page);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-address');
    await page.getByLabel(/^Password/).focus();
    await expect(page.getByText('! invalid email')).toBeVisible();
    expect(errors).toEqual([]);
    await visitor.close();
  }
});
