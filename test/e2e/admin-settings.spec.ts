import {
  expect,
  REFUSED_SUBMISSION,
  signIn,
  signInAndFollow,
  superuserAccount,
  superuserAuth,
  test,
  toast,
} from './support/accounts.js';
import { apiAccount, apiProgram, apiTrainer, requestPublication } from './support/catalogue.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The admin panel's Settings (docs/product.md §2.11) without JavaScript: Activity, the audit log of superuser
 * actions (ADR 023), filtered through a GET form; Superusers, made and removed after a confirmation.
 */

test.use({ javaScriptEnabled: false });

test('a superuser finds their blocks, unblocks and rejections under Settings → Activity', async ({
  page,
  superuser,
}) => {
  const member = await apiAccount(page.request, { firstName: 'Ava', lastName: 'Audited' });
  const { account: trainer } = await apiTrainer(page.request);
  const name = `Audited ${uniqueWord()}`;
  const id = await apiProgram(page.request, trainer.auth, { program_name: name });
  await requestPublication(page.request, trainer.auth, [id]);
  const rejected = await page.request.post(`/api/fitness_programs/reject/${id}/`, {
    headers: await superuserAuth(page.request),
    data: { reason: 'The lessons have no videos.' },
  });
  expect(rejected.status()).toBe(200);

  await signIn(page, superuser);
  await page.goto('/admin/users');
  const person = page
    .getByRole('table', { name: 'Users' })
    .getByRole('row', { name: new RegExp(member.email) });
  await person.getByRole('link', { name: 'Block' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, block' }).click();
  await person.getByRole('button', { name: 'Unblock' }).click();
  await expect(person.getByRole('cell').nth(3)).toContainText('Active');

  await page
    .getByRole('navigation', { name: 'Admin', exact: true })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page).toHaveURL('/admin/settings/activity');
  const rows = page.getByRole('table', { name: 'Activity' }).getByRole('row');
  const ours = rows.filter({ hasText: member.email });
  // Narrowed to this superuser (the other worker's superuser acts at the same time), the newest are ours.
  await ours
    .first()
    .getByRole('link', { name: /^Activity of / })
    .click();
  await expect(page).toHaveURL(/\/admin\/settings\/activity\?actor=\d+$/);
  await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('Unblocked an account');
  await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText(`Ava Audited <${member.email}>`);
  await expect(rows.nth(2).getByRole('cell').nth(2)).toHaveText('Blocked an account');

  const filter = page.getByRole('search', { name: 'Filter activity' });
  await filter.getByLabel('Action').selectOption('Rejected a programme');
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/activity\?action=reject_program&actor=\d+$/);
  await expect(rows.nth(1).getByRole('cell')).toHaveText([
    /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    /.+/,
    'Rejected a programme',
    name,
    'The lessons have no videos.',
  ]);
  await expect(filter.getByLabel('Action')).toHaveValue('reject_program');
});

test.describe('Settings → Superusers', () => {
  // A refused promotion is answered 404, which the browser logs.
  test.use({ expectedConsoleErrors: [REFUSED_SUBMISSION] });

  test('a superuser makes a member a superuser after confirming, then removes them', async ({
    page,
    superuser,
  }) => {
    const member = await apiAccount(page.request, { firstName: 'Pam', lastName: 'Promoted' });
    const stats = async () =>
      (await page.request.get('/api/admin/stats/', { headers: member.auth })).status();
    expect(await stats()).toBe(403);

    await signInAndFollow(
      page,
      superuser,
      '/admin/settings',
      { role: 'navigation', name: 'Settings sections' },
      'Superusers',
    );
    await expect(page).toHaveURL('/admin/settings/superusers');
    const promote = page.getByRole('form', { name: 'Make a superuser' });

    await promote.getByLabel('E-mail address of the account').fill(`nobody-${member.email}`);
    await promote.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('dialog', { name: `Make nobody-${member.email} a superuser?` })
      .getByRole('button', { name: 'Yes, make superuser' })
      .click();
    await expect(page.getByRole('dialog').getByText('No account has this e-mail address')).toBeVisible();

    await promote.getByLabel('E-mail address of the account').fill(member.email);
    await promote.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`/admin/settings/superusers?promote=${encodeURIComponent(member.email)}`);
    await page
      .getByRole('dialog', { name: `Make ${member.email} a superuser?` })
      .getByRole('button', { name: 'Yes, make superuser' })
      .click();
    await expect(page).toHaveURL('/admin/settings/superusers');
    await expect(toast(page, 'Pam Promoted is now a superuser')).toBeVisible();
    const row = page
      .getByRole('table', { name: 'Superusers' })
      .getByRole('row', { name: new RegExp(member.email) });
    await expect(row).toContainText('Pam Promoted');
    expect(await stats()).toBe(200);

    await row.getByRole('link', { name: 'Remove Pam Promoted' }).click();
    await page
      .getByRole('dialog', { name: 'Remove Pam Promoted as a superuser?' })
      .getByRole('button', { name: 'Yes, remove' })
      .click();
    await expect(page).toHaveURL('/admin/settings/superusers');
    await expect(toast(page, 'Pam Promoted is no longer a superuser')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await stats()).toBe(403);
  });

  test('a superuser who steps down lands on the home page and has no admin panel any more', async ({
    page,
  }) => {
    const leaving = await superuserAccount();
    await signIn(page, leaving);
    await page.goto('/admin/settings/superusers');
    const row = page
      .getByRole('table', { name: 'Superusers' })
      .getByRole('row', { name: new RegExp(leaving.email) });
    await expect(row).toContainText('(you)');
    await row.getByRole('link', { name: /^Remove / }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop being a superuser?' });
    await expect(dialog).toContainText('You lose the admin panel at once');
    await dialog.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page).toHaveURL('/');
    await expect(toast(page, 'is no longer a superuser')).toBeVisible();
    for (const path of ['/admin/dashboard', '/admin/settings/superusers', '/admin/settings/activity']) {
      await page.goto(path);
      await expect(page).toHaveURL('/');
      await expect(toast(page, 'You are not authorized to access this page.')).toBeVisible();
    }
  });
});
