import { expect, signIn, test } from './support/accounts.js';
import { apiAccount, apiTrainer } from './support/catalogue.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The admin's Users and Trainers lists (docs/product.md §2.11) without JavaScript: a search by name or e-mail and the
 * order of joining, through a GET form whose answer is a URL one can share or page through.
 */

test.use({ javaScriptEnabled: false });

/** A family name no other test uses, in letters only, as names must be: the word's digits become g to p. */
const uniqueName = () =>
  uniqueWord().replace(/\d/g, (digit) => String.fromCharCode('g'.charCodeAt(0) + Number(digit)));

test('a superuser finds members by name, newest or oldest first, and the block confirmation keeps the search', async ({
  page,
  superuser,
}) => {
  const family = uniqueName();
  const first = await apiAccount(page.request, { firstName: 'Ada', lastName: family });
  const second = await apiAccount(page.request, { firstName: 'Ben', lastName: family });
  await signIn(page, superuser);
  await page.goto('/admin/users');

  const search = page.getByRole('search', { name: 'Search users' });
  await search.getByLabel('Name or e-mail').fill(family);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?search=${family}&sort=newest$`));
  const rows = page.getByRole('table', { name: 'Users' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(second.email);
  await expect(rows.nth(2)).toContainText(first.email);

  await search.getByLabel('Joined').selectOption('Oldest first');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(rows.nth(1)).toContainText(first.email);
  await expect(rows.nth(2)).toContainText(second.email);
  await expect(search.getByLabel('Name or e-mail')).toHaveValue(family);

  await rows.nth(1).getByRole('link', { name: 'Block' }).click();
  await page
    .getByRole('dialog', { name: `Block Ada ${family}?` })
    .getByRole('link', { name: 'Cancel' })
    .click();
  await expect(page).toHaveURL(new RegExp(`\\?search=${family}&sort=oldest$`));

  await search.getByLabel('Name or e-mail').fill(`nobody-${family}`);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Nobody yet.')).toBeVisible();
});

test('a superuser finds a trainer by e-mail on the Trainers list', async ({ page, superuser }) => {
  const { account: trainer } = await apiTrainer(
    page.request,
    {},
    { firstName: 'Tara', lastName: uniqueName() },
  );
  await signIn(page, superuser);
  await page.goto(`/admin/trainers?search=${encodeURIComponent(trainer.email.toUpperCase())}`);
  const rows = page.getByRole('table', { name: 'Trainers' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(trainer.email);
});
