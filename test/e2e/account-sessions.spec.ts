import type { Browser, Page } from '@playwright/test';
import {
  type Credentials,
  expect,
  fillLogin,
  REFUSED_SUBMISSION,
  test,
  testAddress,
  toast,
} from './support/accounts.js';
import { apiAccount } from './support/catalogue.js';

const NEW_PASSWORD = 'my-brand-new-password';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in through the login page, as a member does. */
async function logIn(page: Page, { email, password }: Credentials): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await expect(toast(page, 'Successfully Logged In')).toBeVisible();
}

/** Another browser, of its own client address and User-Agent, signed in as `account`. */
async function otherBrowser(
  browser: Browser,
  javaScriptEnabled: boolean,
  account: Credentials,
  userAgent?: string,
): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled,
    userAgent,
    extraHTTPHeaders: { 'X-Forwarded-For': testAddress() },
  });
  const page = await context.newPage();
  await logIn(page, account);
  return page;
}

/** The browser of `page` is signed out: the profile sends it to the login page. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto('/userProfile');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FuserProfile$/);
}

async function changePassword(page: Page, current: string, next: string, repeated = next): Promise<void> {
  await page.getByRole('textbox', { name: 'Current password' }).fill(current);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(next);
  await page.getByRole('textbox', { name: 'Repeat the new password' }).fill(repeated);
  await page.getByRole('button', { name: 'Change password' }).click();
}

/**
 * A new account signed in on `page` through the login page, and in another browser (Firefox on Windows); `page`
 * shows the profile.
 */
async function signedInTwice(page: Page, browser: Browser, javaScriptEnabled: boolean) {
  const account = await apiAccount(page.request);
  // apiAccount signed in through the API: that session is no browser of the member's.
  const loggedOut = await page.request.post('/api/users/logout/', { headers: account.auth, data: {} });
  expect(loggedOut.status()).toBe(200);
  await logIn(page, account);
  const other = await otherBrowser(browser, javaScriptEnabled, account, FIREFOX);
  await page.goto('/userProfile');
  return { account, other };
}

const devices = (page: Page) => page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem');

for (const javaScriptEnabled of [false, true]) {
  test.describe(`password and devices, with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    // A refused password is answered 400, which the browser logs when JavaScript fetches the answer.
    test.use({ javaScriptEnabled, userAgent: CHROME, expectedConsoleErrors: [REFUSED_SUBMISSION] });

    test('changing the password: a wrong current one is refused, then the new one works and the old one not, and the other browser is signed out', async ({
      page,
      browser,
    }) => {
      const { account, other } = await signedInTwice(page, browser, javaScriptEnabled);
      await changePassword(page, 'not-my-password', NEW_PASSWORD);
      await expect(page.getByText('Your current password is not correct.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Current password' })).toHaveValue('');
      await changePassword(page, account.password, NEW_PASSWORD, 'something-else');
      await expect(page.getByText("Passwords don't match")).toBeVisible();
      await changePassword(page, account.password, account.password);
      await expect(page.getByText('Choose a new password that differs from your current one.')).toBeVisible();

      await changePassword(page, account.password, NEW_PASSWORD);
      await expect(page).toHaveURL('/userProfile');
      await expect(toast(page, 'Your password has been changed.')).toBeVisible();
      // This browser holds the new token pair: it stays signed in, and is its account's only device.
      await page.reload();
      await expect(page).toHaveURL('/userProfile');
      await expect(devices(page)).toHaveCount(1);
      await expect(devices(page)).toContainText('This device');

      await expectSignedOut(other);
      await fillLogin(other, account.email, account.password);
      await expect(toast(other, 'No active account found with the given credentials')).toBeVisible();
      await fillLogin(other, account.email, NEW_PASSWORD);
      await expect(toast(other, 'Successfully Logged In')).toBeVisible();
      await other.context().close();
    });

    test('signed-in devices: both browsers are listed, and the other one is signed out', async ({
      page,
      browser,
    }) => {
      const { other } = await signedInTwice(page, browser, javaScriptEnabled);
      await expect(devices(page)).toHaveCount(2);
      const firefox = devices(page).filter({ hasText: 'Firefox on Windows' });
      await expect(firefox).toContainText('Last used just now');
      await expect(devices(page).first()).toContainText('Firefox on Windows');
      await expect(devices(page).filter({ hasText: 'This device' })).toContainText('Chrome on Linux');

      await firefox.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(toast(page, 'That device has been signed out.')).toBeVisible();
      await expect(devices(page)).toHaveCount(1);
      await expect(devices(page)).toContainText('This device');

      await other.reload();
      await expect(other).toHaveURL(/\/login\?redirectTo=/);
      await expectSignedOut(other);
      await other.context().close();
    });

    test('"Sign out of all other devices" leaves only this one', async ({ page, browser }) => {
      const { account, other } = await signedInTwice(page, browser, javaScriptEnabled);
      const others = [other, await otherBrowser(browser, javaScriptEnabled, account, SAFARI)];
      await page.reload();
      await expect(devices(page)).toHaveCount(3);
      await expect(devices(page).filter({ hasText: 'Safari on iOS' })).toHaveCount(1);
      await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
      await expect(toast(page, 'Signed out of 2 other devices.')).toBeVisible();
      await expect(devices(page)).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Sign out of all other devices' })).toHaveCount(0);

      for (const other of others) {
        await expectSignedOut(other);
        await other.context().close();
      }
      await page.reload();
      await expect(page).toHaveURL('/userProfile');
    });
  });
}
