import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { expect, signIn, test, testAddress } from './support/accounts.js';
import { apiAccount } from './support/catalogue.js';

// The installable site (docs/product.md, "Installing the app"): its manifest, its service worker and the offline
// page. Lighthouse 12 has no PWA category any more, so Chromium's own installability check stands in for it.
test.use({ serviceWorkers: 'allow' });

/** The width and height a PNG's header gives. */
function pngSize(bytes: Buffer): string {
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Opens `path` and waits until the service worker controls the page. */
async function controlled(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('the pages link a manifest of an app named after the site, whose icons load', async ({ page }) => {
  await page.goto('/programmes');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#c2410c');
  const answer = await page.request.get('/manifest.webmanifest');
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'FitCoach',
    short_name: 'FitCoach',
    start_url: '/',
    display: 'standalone',
    theme_color: '#c2410c',
    background_color: '#ffffff',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect([icon.src, image.status(), image.headers()['content-type']]).toEqual([icon.src, 200, 'image/png']);
    expect(pngSize(await image.body())).toBe(icon.sizes);
  }
});

// Chromium installs nothing from an incognito profile, which every ordinary Playwright context is: a profile of
// its own on disk, as a person's browser has.
test('Chromium finds the site installable', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'fitcoach-pwa-'));
  const { baseURL, launchOptions } = test.info().project.use;
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    serviceWorkers: 'allow',
    extraHTTPHeaders: { 'X-Forwarded-For': testAddress() },
  });
  try {
    const page = await context.newPage();
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('offline, a page shows the offline page, without the signed-in member; back online, the page itself', async ({
  page,
  context,
}) => {
  const member = await apiAccount(page.request, { firstName: 'Olivia' });
  await signIn(page, member);
  await controlled(page);
  await expect(page.getByRole('link', { name: 'Olivia' }).first()).toBeVisible();
  await context.setOffline(true);
  await page.goto('/programmes');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByText('Check your connection, then reload the page.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  await expect(page.getByText('Olivia')).toHaveCount(0);
  // Its stylesheets were kept too: the page is laid out, not bare HTML.
  await expect(page.getByRole('link', { name: 'Go to the home page' })).not.toHaveCSS('display', 'inline');
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Programmes' })).toBeVisible();
});

test('the profile offers push notifications on this device', async ({ page }) => {
  const member = await apiAccount(page.request);
  await signIn(page, member);
  await controlled(page, '/userProfile');
  const section = page.getByRole('region', { name: 'Push notifications on this device' });
  await expect(section.getByText('Push notifications are off on this device.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn on push notifications' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('without JavaScript, the profile explains that push notifications need it', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': testAddress() },
  });
  const page = await context.newPage();
  const member = await apiAccount(page.request);
  await signIn(page, member, '/userProfile');
  const section = page.getByRole('region', { name: 'Push notifications on this device' });
  await expect(section.getByText('Turning push notifications on needs JavaScript')).toBeVisible();
  await expect(section.getByRole('button')).toHaveCount(0);
  await context.close();
});
