import { expect, signIn, test } from './support/accounts.js';
import { apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The admin's Programs list (docs/product.md §2.11) without JavaScript: narrowed by status and trainer through a
 * GET form whose answer is a URL, which the pager and the trainer links keep.
 */

test.use({ javaScriptEnabled: false });

/** A family name no other test uses, in letters only, as names must be: the word's digits become g to p. */
const uniqueName = () =>
  uniqueWord().replace(/\d/g, (digit) => String.fromCharCode('g'.charCodeAt(0) + Number(digit)));

test("a superuser narrows the Programs list to a trainer's pending programmes, and pages keep the filters", async ({
  page,
  superuser,
}) => {
  const family = uniqueName();
  const { account: trainer, trainerId } = await apiTrainer(
    page.request,
    {},
    { firstName: 'Pia', lastName: family },
  );
  const word = uniqueWord();
  const draft = `Draft ${word}`;
  const pending = `Pending ${word}`;
  const published = `Published ${word}`;
  await apiProgram(page.request, trainer.auth, { program_name: draft });
  const pendingId = await apiProgram(page.request, trainer.auth, { program_name: pending });
  const publishedId = await apiProgram(page.request, trainer.auth, { program_name: published });
  for (const id of [pendingId, publishedId]) {
    const asked = await page.request.get(`/api/fitness_programs/publishRequest/${id}/`, {
      headers: trainer.auth,
    });
    expect(asked.status()).toBe(200);
  }
  await publishPrograms(page.request, [publishedId]);

  await signIn(page, superuser);
  await page.goto('/admin/fitnessPrograms');
  const filter = page.getByRole('search', { name: 'Filter programs' });
  const rows = page.getByRole('table', { name: 'Programs' }).getByRole('row');
  await filter.getByLabel('Trainer').selectOption({ label: `Pia ${family}` });
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(`/admin/fitnessPrograms?status=&trainer=${trainerId}`);
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1).getByRole('cell')).toHaveText([
    new RegExp(published),
    'Yoga',
    '30 days',
    'Published',
    'Block',
  ]);
  await expect(rows.nth(2).getByRole('cell').nth(3)).toHaveText('Pending');
  await expect(rows.nth(3).getByRole('cell').nth(3)).toHaveText('Draft');

  await filter.getByLabel('Status').selectOption('Pending');
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(`/admin/fitnessPrograms?status=pending&trainer=${trainerId}`);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(pending);
  await expect(filter.getByLabel('Status')).toHaveValue('pending');
  await expect(filter.getByLabel('Trainer')).toHaveValue(String(trainerId));

  // The "by" link narrows to the row's trainer and keeps the status.
  await rows
    .nth(1)
    .getByRole('link', { name: `Programs by Pia ${family}` })
    .click();
  await expect(page).toHaveURL(`/admin/fitnessPrograms?status=pending&trainer=${trainerId}`);

  // Past the last page, "Previous" goes back with the filters.
  await page.goto(`/admin/fitnessPrograms?status=draft&trainer=${trainerId}&page=2`);
  await expect(rows).toHaveCount(1);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(`/admin/fitnessPrograms?status=draft&trainer=${trainerId}&page=1`);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(draft);
});
