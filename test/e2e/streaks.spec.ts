import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, signIn, test } from './support/accounts.js';
import { apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { datetime, execute } from './support/database.js';
import { apiLessons, apiSubscribe } from './support/subscriptions.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The member's streak card on the dashboard, and the trainer's inactive subscribers with their filter
 * (docs/product.md §2.8), used without JavaScript. A day ago or five are written into the server's database: no
 * API backdates a completion or a subscription.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

async function userId(request: APIRequestContext, auth: Record<string, string>): Promise<number> {
  const me = await request.get('/api/users/me/', { headers: auth });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { id: number }).id;
}

/** A published programme of a new trainer with two lessons. */
async function programme(request: APIRequestContext) {
  const { account: trainer } = await apiTrainer(request);
  const name = `Mobility ${uniqueWord()}`;
  const id = await apiProgram(request, trainer.auth, { program_name: name });
  await apiLessons(request, trainer.auth, id, [
    { number: 1, title: 'Hips', videoId: 'IODxDxX7oi4' },
    { number: 2, title: 'Shoulders', videoId: 'aclHkVaku9U' },
  ]);
  await publishPrograms(request, [id]);
  return { trainer, id, name };
}

/** A trainer's programme with two subscribers: Ida, who joined five days ago and did nothing since, and Bo. */
async function withIdleSubscriber(request: APIRequestContext) {
  const { trainer, id, name } = await programme(request);
  const idle = await apiAccount(request, { firstName: 'Ida', lastName: 'Idle' });
  const busy = await apiAccount(request, { firstName: 'Bo', lastName: 'Busy' });
  await apiSubscribe(request, idle.auth, id);
  await apiSubscribe(request, busy.auth, id);
  const idleId = await userId(request, idle.auth);
  const fiveDaysAgo = new Date(Date.now() - 5 * DAY_MS - 60_000);
  await execute('UPDATE subscription SET started_at = ? WHERE user_id = ? AND program_id = ?', [
    datetime(fiveDaysAgo),
    idleId,
    id,
  ]);
  return { trainer, id, name, idleId, fiveDaysAgo };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a member sees their streak, how to keep it, and their longest run', async ({ page }) => {
    const { id } = await programme(page.request);
    const member = await apiAccount(page.request);
    await apiSubscribe(page.request, member.auth, id);

    await signIn(page, member, '/trainerDashboard?view=subscribed');
    const card = page.getByRole('region', { name: '0-day streak' });
    await expect(card.getByText('Longest: 0 days')).toBeVisible();
    await expect(card.getByText('Complete a lesson today to start a streak')).toBeVisible();

    // Lesson 1 done yesterday: the streak holds until today is over.
    const done = await page.request.get(`/api/fitness_programs/updatelessonProgress/${id}-1/`, {
      headers: member.auth,
    });
    expect(done.status()).toBe(201);
    await execute('UPDATE lesson_completion SET completed_at = ? WHERE user_id = ?', [
      datetime(new Date(Date.now() - DAY_MS)),
      await userId(page.request, member.auth),
    ]);
    await page.reload();
    const kept = page.getByRole('region', { name: '1-day streak' });
    await expect(kept.getByText('Longest: 1 day', { exact: true })).toBeVisible();
    await expect(kept.getByText('Complete a lesson today to keep it')).toBeVisible();

    await page.request.get(`/api/fitness_programs/updatelessonProgress/${id}-2/`, { headers: member.auth });
    await page.reload();
    const today = page.getByRole('region', { name: '2-day streak' });
    await expect(today.getByText('Longest: 2 days')).toBeVisible();
    await expect(today.getByText("Today's lesson is done.")).toBeVisible();
    await expect(today.getByText(/Complete a lesson today/)).toHaveCount(0);
  });

  test('a trainer sees who has been inactive, writes to them, and lists only them', async ({ page }) => {
    const { trainer, id, name, idleId, fiveDaysAgo } = await withIdleSubscriber(page.request);
    await signIn(page, trainer, '/trainerDashboard?view=subscribers');
    const table = page.getByRole('table', { name });
    const idleRow = table.getByRole('row', { name: /Ida Idle/ });
    await expect(idleRow.getByRole('cell').nth(4)).toContainText(
      `5 days ago (${fiveDaysAgo.toISOString().slice(0, 10)})`,
    );
    await expect(idleRow.getByText('Inactive for 5 days')).toBeVisible();
    await expect(idleRow.getByRole('link', { name: 'Chat with Ida Idle' })).toHaveAttribute(
      'href',
      `/chat?with=${idleId}`,
    );
    const busyRow = table.getByRole('row', { name: /Bo Busy/ });
    await expect(busyRow.getByRole('cell').nth(4)).toContainText('today');
    await expect(busyRow.getByText(/Inactive for/)).toHaveCount(0);

    await page.getByLabel('Inactive only').check();
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/view=subscribers&program=&inactive=1/);
    await expect(page.getByLabel('Inactive only')).toBeChecked();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row', { name: /Ida Idle/ })).toBeVisible();

    await execute('UPDATE subscription SET started_at = ? WHERE user_id = ? AND program_id = ?', [
      datetime(new Date()),
      idleId,
      id,
    ]);
    await page.reload();
    await expect(page.getByText('No inactive subscribers.')).toBeVisible();
  });
});

// axe needs JavaScript: the badge and its link pass its WCAG rules, which the accessibility suite's world (nobody
// inactive) cannot show. Only the page's main region: the live toast of the new subscription may still be fading in.
test('the inactive badge and its chat link pass axe', async ({ page }) => {
  const { trainer, name } = await withIdleSubscriber(page.request);
  await signIn(page, trainer, '/trainerDashboard?view=subscribers');
  await expect(page.getByRole('table', { name }).getByText('Inactive for 5 days')).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.html).join(', ')}`),
  ).toEqual([]);
});
