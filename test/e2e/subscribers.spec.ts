import { expect, signIn, signInAndFollow, test } from './support/accounts.js';
import { apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { uniqueWord } from '../fixtures/words.js';
import { apiLessons, apiSubscribe } from './support/subscriptions.js';

/*
 * The trainer's Subscribers view on /trainerDashboard (docs/product.md §2), without JavaScript: one table per
 * programme, a programme filter, and 'User Details' opened from a row.
 */

test.use({ javaScriptEnabled: false });

test("a trainer sees each programme's subscribers with their progress, filters them and opens a member's details", async ({
  page,
}) => {
  const { account: trainer } = await apiTrainer(page.request);
  const yoga = `Yoga ${uniqueWord()}`;
  const cardio = `Cardio ${uniqueWord()}`;
  const yogaId = await apiProgram(page.request, trainer.auth, { program_name: yoga });
  const cardioId = await apiProgram(page.request, trainer.auth, {
    program_name: cardio,
    category: 'Cardio',
  });
  await apiLessons(page.request, trainer.auth, yogaId, [
    { number: 1, title: 'Breath', videoId: 'IODxDxX7oi4' },
    { number: 2, title: 'Stretch', videoId: 'aclHkVaku9U' },
  ]);
  await publishPrograms(page.request, [yogaId, cardioId]);

  const both = await apiAccount(page.request);
  await apiSubscribe(page.request, both.auth, yogaId);
  await apiSubscribe(page.request, both.auth, cardioId);
  const marked = await page.request.get(`/api/fitness_programs/updatelessonProgress/${yogaId}-1/`, {
    headers: both.auth,
  });
  expect(marked.status()).toBe(201);
  const other = await apiAccount(page.request);
  await apiSubscribe(page.request, other.auth, cardioId);

  await signInAndFollow(
    page,
    trainer,
    '/trainerDashboard',
    { role: 'navigation', name: 'Dashboard' },
    'Subscribers',
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Subscribers' })).toBeVisible();

  const yogaTable = page.getByRole('table', { name: yoga });
  const cardioTable = page.getByRole('table', { name: cardio });
  await expect(yogaTable.getByRole('row')).toHaveCount(2);
  await expect(cardioTable.getByRole('row')).toHaveCount(3);
  const today = new Date().toISOString().slice(0, 10);
  const yogaRow = yogaTable.getByRole('row', { name: /Ada Tester/ });
  await expect(yogaRow.getByRole('cell')).toHaveText([
    // The name opens the member's details; the link under it their training record.
    /^Ada Tester\s*Training record of Ada Tester$/,
    today,
    'active',
    '50%',
    `today (${today})`,
  ]);

  await expect(yogaRow.getByRole('link', { name: 'Training record of Ada Tester' })).toHaveAttribute(
    'href',
    /^\/subscribers\/\d+\/record$/,
  );

  await page.getByLabel('Programme', { exact: true }).selectOption({ label: cardio });
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`view=subscribers&program=${cardioId}`));
  await expect(page.getByRole('table')).toHaveCount(1);
  await expect(cardioTable.getByRole('row')).toHaveCount(3);

  await page.goto('/trainerDashboard?view=subscribers');
  await yogaTable.getByRole('link', { name: 'Ada Tester', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'User Details' });
  await expect(details.getByText(both.email)).toBeVisible();
  await expect(details.getByText('Ada Tester')).toBeVisible();
  await expect(details.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat');
  await details.getByRole('link', { name: 'cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'User Details' })).toHaveCount(0);
});

test('a trainer without subscribers is told so', async ({ page }) => {
  const { account: trainer } = await apiTrainer(page.request);
  await signIn(page, trainer);
  await page.goto('/trainerDashboard?view=subscribers');
  await expect(page.getByText('Nobody has subscribed to your programmes yet.')).toBeVisible();
});
