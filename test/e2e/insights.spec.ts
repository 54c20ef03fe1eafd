import type { APIRequestContext, Download } from '@playwright/test';
import { expect, REFUSED_SUBMISSION, signIn, signInAndFollow, test } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { datetime, execute } from './support/database.js';
import { apiLessons, apiSubscribe } from './support/subscriptions.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The trainer's insights (docs/product.md §2.16), used without JavaScript: the figures of a range chosen by a GET
 * form, the programmes with their funnels, who needs attention, the CSV downloads, and nobody else's figures. A
 * payment twelve days ago and a refund are written into the server's database: no API backdates or refunds them.
 */

test.use({ javaScriptEnabled: false });

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
const today = () => daysAgo(0);

async function userId(request: APIRequestContext, account: ApiAccount): Promise<number> {
  const me = await request.get('/api/users/me/', { headers: account.auth });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { id: number }).id;
}

async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/**
 * A trainer's programme of three lessons at 49 USD and three subscribers: Quinn paid twelve days ago and never
 * completed a lesson; Fay paid today and finished every lesson; Rex paid today, completed the first lesson and was
 * refunded.
 */
async function trainerWithFigures(request: APIRequestContext) {
  const { account: trainer } = await apiTrainer(request);
  const name = `Insights ${uniqueWord()}`;
  const programId = await apiProgram(request, trainer.auth, { program_name: name, price: 49, cover: null });
  await apiLessons(request, trainer.auth, programId, [
    { number: 1, title: 'Warm up', videoId: 'IODxDxX7oi4' },
    { number: 2, title: 'Stretch', videoId: 'aclHkVaku9U' },
    { number: 3, title: 'Breathe', videoId: 'dQw4w9WgXcQ' },
  ]);
  await publishPrograms(request, [programId]);
  const complete = async (member: ApiAccount, lessons: number) => {
    for (let n = 1; n <= lessons; n += 1) {
      const marked = await request.get(`/api/fitness_programs/updatelessonProgress/${programId}-${n}/`, {
        headers: member.auth,
      });
      expect(marked.status()).toBe(201);
    }
  };

  const quinn = await apiAccount(request, { firstName: 'Quinn', lastName: 'Quiet' });
  await apiSubscribe(request, quinn.auth, programId);
  const quinnId = await userId(request, quinn);
  const twelveDaysAgo = datetime(new Date(Date.now() - 12 * DAY_MS));
  await execute('UPDATE payment SET completed_at = ? WHERE user_id = ? AND program_id = ?', [
    twelveDaysAgo,
    quinnId,
    programId,
  ]);
  await execute('UPDATE subscription SET started_at = ? WHERE user_id = ? AND program_id = ?', [
    twelveDaysAgo,
    quinnId,
    programId,
  ]);

  const fay = await apiAccount(request, { firstName: 'Fay', lastName: 'Finisher' });
  await apiSubscribe(request, fay.auth, programId);
  await complete(fay, 3);

  const rex = await apiAccount(request, { firstName: 'Rex', lastName: 'Refunded' });
  await apiSubscribe(request, rex.auth, programId);
  await complete(rex, 1);
  const rexId = await userId(request, rex);
  const now = datetime(new Date());
  await execute(
    "UPDATE payment SET status = 'refunded', refunded_at = ? WHERE user_id = ? AND program_id = ?",
    [now, rexId, programId],
  );
  await execute(
    "UPDATE subscription SET status = 'refunded', active_flag = NULL, ended_at = ? WHERE user_id = ? AND program_id = ?",
    [now, rexId, programId],
  );
  return { trainer, name, quinnId };
}

test('a trainer opens Insights from the dashboard: totals, revenue per day, the programme, its funnel and who needs attention', async ({
  page,
}) => {
  const { trainer, name, quinnId } = await trainerWithFigures(page.request);
  await signInAndFollow(
    page,
    trainer,
    '/trainerDashboard',
    { role: 'navigation', name: 'Dashboard' },
    'Insights',
  );
  await expect(page).toHaveURL('/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  // The last 30 days unless asked otherwise.
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(daysAgo(29));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(today());
  const quick = page.getByRole('navigation', { name: 'Quick ranges' });
  await expect(quick.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute('aria-current', 'page');
  await expect(quick.getByRole('link', { name: 'Last 90 days' })).toHaveAttribute(
    'href',
    `/insights?from=${daysAgo(89)}&to=${today()}`,
  );

  // Three payments of $49, one refunded; Quinn and Fay still subscribe.
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByRole('term')).toHaveText([
    'Net revenue',
    'New subscribers',
    'Active subscribers now',
    'Refunds',
  ]);
  await expect(totals.getByRole('definition')).toHaveText(['$98.00', '3', '2', '1']);

  // One chart per currency, its values a table for screen readers: a day for each of the 30.
  const chart = page.getByRole('figure', { name: 'Net revenue per day (USD)' });
  await expect(chart.locator('svg polyline')).toHaveCount(1);
  const days = chart.getByRole('table', { name: 'Net revenue per day (USD)' }).getByRole('row');
  await expect(days).toHaveCount(31);
  await expect(days.nth(18)).toHaveText(`${daysAgo(12)}$49.00`);
  await expect(days.nth(30)).toHaveText(`${today()}$49.00`);

  const programme = page.getByRole('table', { name: 'Your programmes' }).getByRole('row', { name });
  await expect(programme.getByRole('rowheader')).toHaveText(name);
  // Net revenue, new, active, refunds, finished (Fay) and her median days to finish (the same day).
  await expect(programme.getByRole('cell')).toHaveText(['$98.00', '3', '2', '1', '1', '0']);

  const funnel = page.getByRole('table', { name: `Completion funnel of ${name}` }).getByRole('row');
  await expect(funnel).toHaveText([
    'LessonTitleMembers who completed it',
    '1Warm up2',
    '2Stretch1',
    '3Breathe1',
  ]);

  // Quinn never completed a lesson in twelve days; Fay finished, Rex was refunded.
  const quiet = page.getByRole('table', { name: 'Quiet subscribers' });
  await expect(quiet.getByRole('row')).toHaveCount(2);
  const quinn = quiet.getByRole('row', { name: /Quinn Quiet/ });
  await expect(quinn.getByRole('cell')).toHaveText([name, '12', 'never', 'Message']);
  await expect(quinn.getByRole('link', { name: 'Message Quinn Quiet' })).toHaveAttribute(
    'href',
    `/chat?with=${quinnId}`,
  );
  await expect(page.getByText(/^and \d+ more$/)).toHaveCount(0);
});

test('choosing other days with the form changes the figures', async ({ page }) => {
  const { trainer, name } = await trainerWithFigures(page.request);
  await signIn(page, trainer, '/insights');
  await page.getByLabel('From', { exact: true }).fill(daysAgo(20));
  await page.getByLabel('To', { exact: true }).fill(daysAgo(5));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(`/insights?from=${daysAgo(20)}&to=${daysAgo(5)}`);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(daysAgo(20));
  await expect(page.getByRole('navigation', { name: 'Quick ranges' }).locator('[aria-current]')).toHaveCount(
    0,
  );

  // Only Quinn paid in those days; nobody was refunded or finished. Members subscribed now stay two.
  await expect(page.getByRole('region', { name: 'Totals' }).getByRole('definition')).toHaveText([
    '$49.00',
    '1',
    '2',
    '0',
  ]);
  const days = page.getByRole('table', { name: 'Net revenue per day (USD)' }).getByRole('row');
  await expect(days).toHaveCount(17);
  const programme = page.getByRole('table', { name: 'Your programmes' }).getByRole('row', { name });
  await expect(programme.getByRole('cell')).toHaveText(['$49.00', '1', '2', '0', '0', '–']);
});

test.describe('refusals', () => {
  test.use({ expectedConsoleErrors: [REFUSED_SUBMISSION] });

  test('days that end before they start are refused next to From, the values kept', async ({ page }) => {
    const { account: trainer } = await apiTrainer(page.request);
    await signIn(page, trainer, '/insights');
    await expect(page.getByRole('region', { name: 'Totals' }).getByRole('definition')).toHaveText([
      '–',
      '0',
      '0',
      '0',
    ]);
    await expect(page.getByText('You have no programmes yet.')).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill(today());
    await page.getByLabel('To', { exact: true }).fill(daysAgo(5));
    await page.getByRole('button', { name: 'Show' }).click();

    const from = page.getByLabel('From', { exact: true });
    await expect(from).toHaveValue(today());
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await expect(from).toHaveAccessibleDescription('from must not be after to');
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(daysAgo(5));
    await expect(page.getByRole('region', { name: 'Totals' })).toHaveCount(0);

    // Setting it right shows the figures again.
    await from.fill(daysAgo(5));
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'false');
    await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible();
  });

  test('a member is not offered the insights and is refused them and their downloads; a visitor is asked to sign in', async ({
    page,
  }) => {
    const member = await apiAccount(page.request);
    await signIn(page, member, '/trainerDashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'Payment history' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Insights' })).toHaveCount(0);
    const response = await page.goto('/insights');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('alert').filter({ hasText: 'Only trainers have insights' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Days shown' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Totals' })).toHaveCount(0);
    const download = await page.request.get('/insights/download/revenue');
    expect(download.status()).toBe(403);

    await page.context().clearCookies();
    await page.goto('/insights?from=2026-01-01');
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent('/insights?from=2026-01-01')}`);
  });
});

test('the downloads are the CSV files of the days shown', async ({ page }) => {
  const { trainer, name } = await trainerWithFigures(page.request);
  const from = daysAgo(6);
  await signIn(page, trainer, `/insights?from=${from}&to=${today()}`);

  const [revenue] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download revenue (CSV)' }).click(),
  ]);
  expect(revenue.suggestedFilename()).toBe(`fitcoach-revenue-${from}-${today()}.csv`);
  const revenueRows = (await readDownload(revenue)).trim().split('\r\n');
  expect(revenueRows[0]).toBe('date,currency,completed,refunded,net');
  expect(revenueRows).toHaveLength(8);
  expect(revenueRows.at(-1)).toBe(`${today()},USD,98,49,49`);

  const [programmes] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download programmes (CSV)' }).click(),
  ]);
  expect(programmes.suggestedFilename()).toBe(`fitcoach-programmes-${from}-${today()}.csv`);
  const programmeRows = (await readDownload(programmes)).trim().split('\r\n');
  expect(programmeRows).toEqual([
    'programme,published,currency,completed,refunded,net,new_subscribers,active_subscribers,refunds,finished,median_days_to_finish',
    `${name},yes,USD,98,49,49,2,2,1,1,0`,
  ]);
});
