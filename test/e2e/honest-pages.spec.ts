import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { freePort, listening, startServer, stopServers } from './support/process.js';

/*
 * The footer leads to real pages (About, Contact, Privacy, Terms) whose text is Markdown: the operator's file under
 * DATA_DIR/pages when there is one, the shipped default otherwise; nothing on the home page is a `#` link; and
 * SITE_NAME names the site in the title, the logo and the footer.
 */

test.use({ javaScriptEnabled: false });

const FOOTER_PAGES = [
  { link: 'About', url: '/about', heading: 'About FitCoach' },
  { link: 'Contact', url: '/contact', heading: 'Contact' },
  { link: 'Privacy policy', url: '/privacy', heading: 'Privacy policy' },
  { link: 'Terms of use', url: '/terms', heading: 'Terms of use' },
];

/** The links that lead nowhere: no address, `#`, or a fragment naming no element of the page. */
function deadLinks(page: Page): Promise<string[]> {
  return page
    .locator('a')
    .evaluateAll((links) =>
      links
        .map((link) => link.getAttribute('href') ?? '')
        .filter((href) => href === '' || (href.startsWith('#') && !document.getElementById(href.slice(1)))),
    );
}

test('the home page has no dead link, and its footer leads to the default pages', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Fitness programmes and personal trainers | FitCoach');
  await expect(page.getByRole('banner').getByRole('link', { name: 'FitCoach', exact: true })).toBeVisible();
  expect(await deadLinks(page)).toEqual([]);
  const footer = page.getByRole('contentinfo');
  // The newsletter form that sent nothing is gone.
  await expect(footer.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByText(/Kaged|Newsletter|Supplements|Track Your Order/)).toHaveCount(0);

  for (const { link, url, heading } of FOOTER_PAGES) {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} | FitCoach`);
  }
  // The default Markdown rendered: a list, a link, bold text, the site's name in place of its placeholder.
  await page.goto('/about');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('link', { name: 'programmes', exact: true })).toHaveAttribute(
    'href',
    '/programmes',
  );
  await expect(page.getByText('Verified', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
  await expect(page.getByText('{{site}}')).toHaveCount(0);
});

test.describe('a site named by SITE_NAME, with its own pages', () => {
  let site: string;

  test.beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fitcoach-pages-'));
    mkdirSync(join(dataDir, 'pages'));
    writeFileSync(
      join(dataDir, 'pages', 'about.md'),
      [
        '# About the gym',
        '',
        'We train at **{{site}}** since 2001. [Timetable](https://gym.example/timetable)',
        '',
        '- Mornings',
        '- Evenings',
        '',
        '<script>document.title = "taken"</script>',
        '',
        '[Click me](javascript:alert(1))',
      ].join('\n'),
    );
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    const server = startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: site,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      SITE_NAME: 'Northside Gym',
    });
    await listening(server);
  });

  test.afterAll(() => stopServers());

  test('names itself everywhere and shows the operator’s Markdown, safely', async ({ page }) => {
    await page.goto(`${site}/`);
    await expect(page).toHaveTitle('Fitness programmes and personal trainers | Northside Gym');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Northside Gym', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© Northside Gym ${new Date().getFullYear()}`);
    await expect(page.getByText(/FitCoach/)).toHaveCount(0);

    await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(`${site}/about`);
    await expect(page).toHaveTitle('About the gym | Northside Gym');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'About the gym' })).toBeVisible();
    await expect(main.getByText('Northside Gym', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    await expect(main.getByRole('link', { name: 'Timetable' })).toHaveAttribute(
      'href',
      'https://gym.example/timetable',
    );
    await expect(main.getByRole('listitem')).toHaveText(['Mornings', 'Evenings']);
    // The file's HTML is shown as text, and a javascript: link loses its address.
    await expect(main.getByText('<script>document.title = "taken"</script>')).toBeVisible();
    await expect(main.locator('script')).toHaveCount(0);
    await expect(main.getByText('Click me')).not.toHaveAttribute('href', /javascript/i);

    // A page without a file of its own: the default, in the site's name.
    await page.goto(`${site}/privacy`);
    await expect(page).toHaveTitle('Privacy policy | Northside Gym');
    await expect(page.getByRole('main')).toContainText(
      'Northside Gym uses only the cookies it needs to work',
    );
  });
});
