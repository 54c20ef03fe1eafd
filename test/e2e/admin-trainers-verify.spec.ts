import { expect, signIn, superuserAuth, test, toast } from './support/accounts.js';
import { apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * Trainer verification (docs/product.md §2.11), without JavaScript: a superuser verifies a trainer from the admin
 * panel's Trainers list, and /findTrainer shows the badge, verified trainers first. Only trainers with a published
 * programme are listed and have a public page.
 */

test.use({
  javaScriptEnabled: false,
  // The page of a trainer without a published programme answers 404 on purpose.
  expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/],
});

/** A family name no other test uses, in letters only, as names must be. */
const uniqueName = () =>
  uniqueWord().replace(/\d/g, (digit) => String.fromCharCode('g'.charCodeAt(0) + Number(digit)));

test('a superuser verifies a listed trainer; a trainer without a published programme is neither listed nor shown', async ({
  page,
  superuser,
}) => {
  const family = uniqueName();
  const listed = await apiTrainer(page.request, {}, { firstName: 'Vera', lastName: family });
  await publishPrograms(page.request, [await apiProgram(page.request, listed.account.auth)]);
  const hidden = await apiTrainer(page.request, {}, { firstName: 'Hugo', lastName: family });
  await apiProgram(page.request, hidden.account.auth);

  await signIn(page, superuser);
  await page.goto(`/admin/trainers?search=${family}`);
  const row = page.getByRole('table', { name: 'Trainers' }).getByRole('row', { name: /Vera/ });
  await expect(row).toContainText('Not verified');
  await row.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(toast(page, `Vera ${family} is verified`)).toBeVisible();
  await expect(page).toHaveURL(`/admin/trainers?search=${family}`);
  await expect(row.getByText('Verified', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Unverify', exact: true })).toBeVisible();

  // A visitor: verified trainers come first, so Vera's card is on the first page, with its badge.
  await page.context().clearCookies();
  await page.goto('/findTrainer');
  const card = page.getByRole('article', { name: `Vera ${family}` });
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: `Hugo ${family}` })).toHaveCount(0);
  const visitorList = await page.request.get('/api/trainers/allTrainer/?page_size=100');
  expect(((await visitorList.json()) as { id: number }[]).map((t) => t.id)).not.toContain(hidden.trainerId);

  const profile = await page.goto(`/trainerPage/${listed.trainerId}`);
  expect(profile?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: `Vera ${family}` })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  const missing = await page.goto(`/trainerPage/${hidden.trainerId}`);
  expect(missing?.status()).toBe(404);

  // The trainer still sees their own page, and the audit log names the verification.
  await signIn(page, hidden.account);
  expect((await page.goto(`/trainerPage/${hidden.trainerId}`))?.status()).toBe(200);
  const asAdmin = await superuserAuth(page.request);
  const audit = await page.request.get('/api/admin/audit/?action=verify_trainer', { headers: asAdmin });
  expect(await audit.json()).toContainEqual(
    expect.objectContaining({ target: { type: 'trainer', id: listed.trainerId, label: `Vera ${family}` } }),
  );
});
