import { randomUUID } from 'node:crypto';
import { expect, fillLogin, REFUSED_SUBMISSION, test, toast } from './support/accounts.js';
import { apiAccount } from './support/catalogue.js';
import { latestMessageTo, passwordResetPath } from './support/mail.js';

const NEW_PASSWORD = 'my-brand-new-password';

/** An address no account has, new on each run: the API limits the links asked for one address, in Redis too. */
const testAddressWithoutAccount = () => `nobody-${randomUUID().slice(0, 12)}@example.com`;
const SENT = 'If an account uses this address, a link to choose a new password has been sent to it.';

/** The path of the newest password reset link mailed to `email`, once it is not `previous`. */
async function resetLinkFor(email: string, previous?: string): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(async () => {
      const message = await latestMessageTo(email);
      const path = message ? passwordResetPath(message) : null;
      found = path === previous ? null : path;
      return found;
    })
    .not.toBeNull();
  return found ?? '';
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`a forgotten password, with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    // A refused form (passwords that differ, a used link) is answered 4xx, which the browser logs.
    test.use({ javaScriptEnabled, expectedConsoleErrors: [REFUSED_SUBMISSION] });

    test('from the login page to a new password that signs in, the old one no longer', async ({ page }) => {
      const account = await apiAccount(page.request);
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await expect(page).toHaveURL('/forgot-password');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
      await page.getByRole('button', { name: 'Send me a link' }).click();
      await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();

      await page.goto(await resetLinkFor(account.email));
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('textbox', { name: 'Re-enter the new password' }).fill('something-else-entirely');
      await page.getByRole('button', { name: 'Change my password' }).click();
      await expect(page.getByText("Passwords don't match")).toBeVisible();

      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('textbox', { name: 'Re-enter the new password' }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Change my password' }).click();
      await expect(page).toHaveURL('/login');
      await expect(toast(page, 'Your password has been changed')).toBeVisible();

      await fillLogin(page, account.email, account.password);
      await expect(page).toHaveURL('/login');
      await fillLogin(page, account.email, NEW_PASSWORD);
      await expect(toast(page, 'Successfully Logged In')).toBeVisible();
    });

    test('a link used once offers a new one', async ({ page }) => {
      const account = await apiAccount(page.request);
      const asked = await page.request.post('/api/users/password_reset/', { data: { email: account.email } });
      expect(asked.status()).toBe(202);
      const link = await resetLinkFor(account.email);
      const used = await page.request.post('/api/users/password_reset/confirm/', {
        data: { token: decodeURIComponent(link.replace('/reset-password/', '')), password: NEW_PASSWORD },
      });
      expect(used.status()).toBe(200);

      await page.goto(link);
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('another-new-password');
      await page.getByRole('textbox', { name: 'Re-enter the new password' }).fill('another-new-password');
      await page.getByRole('button', { name: 'Change my password' }).click();
      const refusal = page.getByRole('alert').filter({ hasText: 'This link cannot be used' });
      await expect(refusal).toContainText('it was used, or a newer one was sent');
      await refusal.getByRole('link', { name: 'Send me a new link' }).click();
      await expect(page).toHaveURL('/forgot-password');
    });

    test('an address without an account is told the same', async ({ page }) => {
      await page.goto('/forgot-password');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(testAddressWithoutAccount());
      await page.getByRole('button', { name: 'Send me a link' }).click();
      await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
    });
  });
}
