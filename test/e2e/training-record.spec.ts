import type { APIRequestContext } from '@playwright/test';
import { expect, REFUSED_SUBMISSION, signIn, test, toast } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { apiLessons, apiSubscribe } from './support/subscriptions.js';

/*
 * The training record (docs/product.md §2.15): measurements with charts readable as tables, workouts across
 * lessons, sharing per trainer, and the trainer's view of what is shared.
 */

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

    const history = page.getByRole('table', { name: 'Measurement history' });
    await expect(history.getByRole('row', { name: new RegExp(daysAgo(7)) })).toContainText('82.5');
    await history.getByRole('button', { name: `Delete the measurements of ${today()}` }).click();
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
