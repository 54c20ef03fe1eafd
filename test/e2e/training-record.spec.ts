import type { APIRequestContext, Download } from '@playwright/test';
import { expect, REFUSED_SUBMISSION, signIn, test, toast } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { apiLessons, apiSubscribe } from './support/subscriptions.js';
import { plainImage } from '../fixtures/images.js';

/*
 * The training record (docs/product.md §2.15): measurements with charts readable as tables, workouts across
 * lessons, sharing per trainer, and the trainer's view of what is shared.
 */

async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** A trainer's published programme of one lesson, a member who bought it and logged a workout in it. */
async function coached(request: APIRequestContext): Promise<{ trainer: ApiAccount; member: ApiAccount }> {
  const { account: trainer } = await apiTrainer(request);
  const id = await apiProgram(request, trainer.auth, { program_name: `Record ${Date.now()}`, cover: null });
  await apiLessons(request, trainer.auth, id, [{ number: 1, title: 'Pull day', videoId: 'dQw4w9WgXcQ' }]);
  await publishPrograms(request, [id]);
  const member = await apiAccount(request);
  await apiSubscribe(request, member.auth, id);
  const logged = await request.post(`/api/lessons/${id}-1/logs/`, {
    headers: member.auth,
    data: { effort: 6, exercises: [{ name: 'Pull-up', sets: [{ reps: 8 }, { reps: 6 }] }] },
  });
  expect(logged.status()).toBe(201);
  return { trainer, member };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a member records measurements, sees them charted and as tables, and deletes one', async ({
    page,
    request,
  }) => {
    const member = await apiAccount(request);
    await signIn(page, member, '/record');
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Save measurements' }) });
    await form.getByLabel('Date').fill(daysAgo(7));
    await form.getByLabel('Weight (kg)').fill('82.5');
    await form.getByLabel('Waist (cm)').fill('91');
    await form.getByRole('button', { name: 'Save measurements' }).click();
    await expect(toast(page, 'Measurements saved')).toBeVisible();
    await form.getByLabel('Weight (kg)').fill('81');
    await form.getByRole('button', { name: 'Save measurements' }).click();
    await expect(toast(page, 'Measurements saved')).toBeVisible();

    // The chart of weight is a figure whose table screen readers read.
    const weight = page.getByRole('figure', { name: 'Weight (kg)' });
    await expect(weight.locator('svg polyline')).toHaveCount(1);
    const table = weight.getByRole('table', { name: 'Weight (kg)' });
    await expect(table.getByRole('row')).toHaveText([/Date/, `${daysAgo(7)}82.5`, `${today()}81`]);
    await expect(page.getByRole('figure', { name: 'Waist (cm)' }).getByRole('row')).toHaveCount(2);

    // A year is shown unless another period is chosen; a day ten months back is outside three months.
    const range = page.getByRole('navigation', { name: 'Measurement range' });
    await expect(range.getByRole('link', { name: '1 year' })).toHaveAttribute('aria-current', 'page');
    await form.getByLabel('Date').fill(daysAgo(300));
    await form.getByLabel('Weight (kg)').fill('90');
    await form.getByRole('button', { name: 'Save measurements' }).click();
    await expect(toast(page, 'Measurements saved')).toBeVisible();
    await expect(weight.getByRole('table').getByRole('row')).toHaveCount(4);
    await range.getByRole('link', { name: '3 months' }).click();
    await expect(weight.getByRole('table').getByRole('row')).toHaveCount(3);
    await range.getByRole('link', { name: 'All' }).click();
    await expect(weight.getByRole('table').getByRole('row')).toHaveCount(4);

    const history = page.getByRole('table', { name: 'Measurement history' });
    await expect(history.getByRole('row', { name: new RegExp(daysAgo(7)) })).toContainText('82.5');
    await history.getByRole('button', { name: `Delete the measurements of ${today()}` }).click();
    await expect(toast(page, 'Measurement deleted')).toBeVisible();
    await history.getByRole('button', { name: `Delete the measurements of ${daysAgo(300)}` }).click();
    await expect(toast(page, 'Measurement deleted')).toBeVisible();
    await expect(history.getByRole('row')).toHaveCount(2);

    // The profile's weight is the latest measurement.
    await page.goto('/userProfile');
    await expect(page.getByText('Weight- 82.5 KG')).toBeVisible();
    await expect(page.getByRole('link', { name: /Your training record/ })).toBeVisible();
  });

  test('workouts are listed across lessons; the trainer sees what is shared and not what is not', async ({
    browser,
    request,
  }) => {
    const { trainer, member } = await coached(request);
    const memberPage = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await signIn(memberPage, member, '/record');
    await expect(memberPage.getByText('Pull-up: 8 reps; 6 reps')).toBeVisible();

    const trainerPage = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await signIn(trainerPage, trainer, '/trainerDashboard?view=subscribers');
    await trainerPage
      .getByRole('link', { name: new RegExp(`Training record of ${member.firstName}`) })
      .click();
    await expect(trainerPage.getByRole('heading', { level: 1 })).toContainText('Training record of');
    await expect(trainerPage.getByText('Pull-up: 8 reps; 6 reps')).toBeVisible();
    await trainerPage.getByText('Comment', { exact: true }).click();
    await trainerPage.getByLabel('Your comment').fill('Add a third set next time.');
    await trainerPage.getByRole('button', { name: 'Send comment' }).click();
    await expect(toast(trainerPage, 'Comment sent')).toBeVisible();
    await expect(trainerPage.getByText('Add a third set next time.')).toBeVisible();
    await memberPage.reload();
    await expect(memberPage.getByText('Add a third set next time.')).toBeVisible();

    const sharing = memberPage.locator('li', { hasText: 'Share with' });
    await sharing.getByLabel('Workout logs').uncheck();
    await sharing.getByRole('button', { name: 'Save' }).click();
    await expect(toast(memberPage, /^Sharing with .+ saved$/)).toBeVisible();
    await expect(sharing.getByLabel('Workout logs')).not.toBeChecked();

    await trainerPage.reload();
    await expect(
      trainerPage.getByText('This member does not share their workout logs with you.'),
    ).toBeVisible();
    await expect(trainerPage.getByText('Pull-up: 8 reps; 6 reps')).toHaveCount(0);

    await sharing.getByLabel('Measurements').uncheck();
    await sharing.getByRole('button', { name: 'Save' }).click();
    await expect(toast(memberPage, /^Sharing with .+ saved$/)).toBeVisible();
    await trainerPage.reload();
    await expect(trainerPage.getByText('This member does not share their record with you')).toBeVisible();
  });
});

test.describe('progress photos and downloads, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a member adds photos, compares two days, shares them, and the trainer sees them', async ({
    browser,
    request,
  }) => {
    const { trainer, member } = await coached(request);
    const memberPage = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await signIn(memberPage, member, '/record');
    const form = memberPage.locator('form', { has: memberPage.getByRole('button', { name: 'Save photo' }) });
    for (const [date, width] of [
      [daysAgo(28), 60],
      [today(), 50],
    ] as const) {
      await form.getByLabel('Pose').selectOption('Front');
      await form.getByLabel('Date').fill(date);
      await form
        .getByLabel('Photo')
        .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: await plainImage(width, 80) });
      await form.getByRole('button', { name: 'Save photo' }).click();
      await expect(toast(memberPage, 'Photo saved')).toBeVisible();
    }

    // The first and the latest day side by side; the images load, from the private route.
    const before = memberPage.getByRole('figure', { name: `Before: ${daysAgo(28)}` });
    const after = memberPage.getByRole('figure', { name: `After: ${today()}` });
    await expect(before.getByRole('img', { name: `Front photo of ${daysAgo(28)}` })).toBeVisible();
    await expect(after.getByRole('img', { name: `Front photo of ${today()}` })).toBeVisible();
    await expect
      .poll(() => after.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(50);

    const trainerPage = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await signIn(trainerPage, trainer, '/trainerDashboard?view=subscribers');
    await trainerPage
      .getByRole('link', { name: new RegExp(`Training record of ${member.firstName}`) })
      .click();
    await expect(
      trainerPage.getByText('This member does not share their progress photos with you.'),
    ).toBeVisible();

    const sharing = memberPage.locator('li', { hasText: 'Share with' });
    await expect(sharing.getByLabel('Progress photos')).not.toBeChecked();
    await sharing.getByLabel('Progress photos').check();
    await sharing.getByRole('button', { name: 'Save' }).click();
    await expect(toast(memberPage, /^Sharing with .+ saved$/)).toBeVisible();

    await trainerPage.reload();
    const shared = trainerPage.getByRole('figure', { name: `After: ${today()}` }).getByRole('img');
    await expect.poll(() => shared.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(50);

    // Deleting the older photo leaves one day: nothing to compare with.
    await memberPage.getByRole('button', { name: `Delete the front photo of ${daysAgo(28)}` }).click();
    await expect(toast(memberPage, 'Photo deleted')).toBeVisible();
    await expect(memberPage.getByText('Add a front photo on another day to compare.')).toBeVisible();
  });

  test('a member downloads their workouts and measurements as spreadsheets', async ({ page, request }) => {
    const { member } = await coached(request);
    await request.post('/api/users/measurements/', { headers: member.auth, data: { weight: 80 } });
    await signIn(page, member, '/userProfile');
    const [workouts] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my workouts' }).click(),
    ]);
    expect(workouts.suggestedFilename()).toBe(`fitcoach-workouts-${today()}.csv`);
    const rows = (await readDownload(workouts)).trim().split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain('Pull-up,1,8');

    await page.goto('/record');
    const [measurements] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Measurements', exact: true }).click(),
    ]);
    expect((await readDownload(measurements)).trim().split('\r\n')[1]).toBe(`${today()},80,,,,,,`);
  });
});

test.describe('without JavaScript, a refusal', () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [REFUSED_SUBMISSION] });

  test('a measurement out of range is refused next to its field and kept as typed', async ({
    page,
    request,
  }) => {
    const member = await apiAccount(request);
    await signIn(page, member, '/record');
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Save measurements' }) });
    await form.getByLabel('Body fat (%)').fill('90');
    await form.getByRole('button', { name: 'Save measurements' }).click();
    await expect(form.getByRole('alert')).toHaveText('Body fat must be a number from 2 to 75 %');
    await expect(form.getByLabel('Body fat (%)')).toHaveValue('90');
    const saved = await request.get('/api/users/measurements/', { headers: member.auth });
    expect(await saved.json()).toEqual([]);
  });
});

test.describe('without JavaScript, a refused photo', () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [REFUSED_SUBMISSION] });

  test('a file that is no image is refused next to its field, the pose and date kept', async ({
    page,
    request,
  }) => {
    const member = await apiAccount(request);
    await signIn(page, member, '/record');
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Save photo' }) });
    await form.getByLabel('Pose').selectOption('Side');
    await form.getByLabel('Date').fill(daysAgo(3));
    await form
      .getByLabel('Photo')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await form.getByRole('button', { name: 'Save photo' }).click();
    await expect(form.getByRole('alert')).toHaveText('image must be a JPEG, PNG, WebP, GIF or AVIF image');
    await expect(form.getByLabel('Pose')).toHaveValue('side');
    await expect(form.getByLabel('Date')).toHaveValue(daysAgo(3));
    const saved = await request.get('/api/users/photos/', { headers: member.auth });
    expect(await saved.json()).toEqual([]);
  });
});
