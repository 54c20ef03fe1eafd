import { readFile } from 'node:fs/promises';
import type { AccountExport } from '@fitcoach/contracts';
import {
  expect,
  fillLogin,
  newAccount,
  REFUSED_SUBMISSION,
  signIn,
  signInAndFollow,
  test,
  toast,
  verificationLinkFor,
} from './support/accounts.js';
import { apiAccount, apiRegister } from './support/catalogue.js';

const DELETED = 'Your FitCoach account has been deleted.';
const RESENT = 'If this address is waiting for verification, a new link has been sent to it.';

for (const javaScriptEnabled of [false, true]) {
  test.describe(`leaving FitCoach, with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    // A refused form (a wrong password, an unverified sign-in) is answered 4xx, which the browser logs.
    test.use({ javaScriptEnabled, expectedConsoleErrors: [REFUSED_SUBMISSION] });

    test('"Download my data" on the profile saves a file of the account', async ({ page }) => {
      const account = await apiAccount(page.request, { firstName: 'Dana', lastName: 'Download' });
      await signIn(page, account);
      await page.goto('/userProfile');
      const section = page.getByRole('region', { name: 'Your data' });
      const saved = page.waitForEvent('download');
      await section.getByRole('link', { name: 'Download my data' }).click();
      const download = await saved;
      expect(download.suggestedFilename()).toMatch(/^fitcoach-export-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(await readFile(await download.path(), 'utf8')) as AccountExport;
      expect(file.account).toMatchObject({ first_name: 'Dana', last_name: 'Download', email: account.email });
      expect(JSON.stringify(file)).not.toContain(account.password);
    });

    test('"Delete my account" asks for the password, then signs out for good', async ({ page }) => {
      const account = await apiAccount(page.request);
      await signInAndFollow(
        page,
        account,
        '/userProfile',
        { role: 'region', name: 'Your data' },
        'Delete my account',
      );
      await expect(page).toHaveURL('/account/delete');
      await expect(page.getByRole('heading', { name: 'Delete your account' })).toBeVisible();
      await expect(page.getByText('Deleting your account cannot be undone.')).toBeVisible();

      const password = page.getByLabel('Your password');
      await password.fill('not-my-password');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await expect(page.getByText('This is not the password of your account')).toBeVisible();
      await expect(page).toHaveURL('/account/delete');

      await password.fill(account.password);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await expect(page).toHaveURL('/');
      await expect(toast(page, DELETED)).toBeVisible();

      await page.goto('/userProfile');
      await expect(page).toHaveURL(/\/login\?redirectTo=/);
      await fillLogin(page, account.email, account.password);
      await expect(toast(page, 'No active account found with the given credentials')).toBeVisible();
    });

    test('"Email not verified" on the login page sends the link again', async ({ page }) => {
      const account = newAccount();
      await apiRegister(page.request, account);
      const first = await verificationLinkFor(account.email);

      await page.goto('/login');
      await fillLogin(page, account.email, account.password);
      const notice = page
        .getByRole('alert')
        .filter({ hasText: 'Email not verified' })
        .filter({ hasText: account.email });
      await expect(notice).toBeVisible();
      await notice.getByRole('button', { name: 'Send the link again' }).click();
      await expect(page.getByRole('status').filter({ hasText: RESENT })).toBeVisible();
      const second = await verificationLinkFor(account.email, first);
      expect(second).not.toBe(first);
    });
  });
}
