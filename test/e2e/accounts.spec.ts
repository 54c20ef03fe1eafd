import { plainImage } from '../fixtures/images.js';
import {
  blockAccount,
  expect,
  fillLogin,
  fillRegistration,
  newAccount,
  REFUSED_SUBMISSION,
  register,
  signIn,
  test,
  toast,
  verificationLinkFor,
  verifiedAccount,
  verify,
} from './support/accounts.js';
import { apiAccount } from './support/catalogue.js';

// docs/product.md §8's text for a 403 on login or on the current user.
const BLOCKED = 'Your account has been blocked by an administrator';

function accountSuite(javaScriptEnabled: boolean) {
  test.describe(`accounts with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    test.use({ javaScriptEnabled });

    test('register, verify, log in, update the profile with a picture, log out', async ({ page }) => {
      const account = await verifiedAccount(page, javaScriptEnabled);

      await fillLogin(page, account.email, account.password);
      await expect(page).toHaveURL('/trainerDashboard');
      await expect(toast(page, 'Successfully Logged In')).toBeVisible();
      const header = page.getByRole('banner');
      await expect(header.getByRole('button', { name: 'Logout' }).filter({ visible: true })).toBeVisible();
      await expect(header.getByText(account.firstName).filter({ visible: true })).toBeVisible();

      await page.goto('/userProfile');
      await expect(page.getByRole('heading', { level: 1, name: 'Ada Tester' })).toBeVisible();
      await expect(page.getByText(account.email)).toBeVisible();
      await page.getByRole('link', { name: 'update profile' }).click();
      await expect(page).toHaveURL('/userProfile?edit=1');
      // With JavaScript the form is a modal dialog; without it, a section of the page.
      const form = javaScriptEnabled
        ? page.getByRole('dialog', { name: 'Update Profile' })
        : page.locator('form', { has: page.getByRole('button', { name: 'Save Changes' }) });
      await form.getByLabel('First Name').fill('Grace');
      await form.getByLabel('Last Name').fill('Hopper');
      await form.getByLabel('Weight').fill('72.5');
      await form.getByLabel('Height').fill('168');
      await form.getByLabel('Age').fill('34');
      await form.getByLabel('Body Fat').fill('21');
      await form.getByLabel('Phone').fill('9876543210');
      await form.getByLabel('Profile Picture').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: await plainImage(64, 64),
      });
      await form.getByRole('button', { name: 'Save Changes' }).click();

      await expect(page).toHaveURL('/userProfile');
      await expect(toast(page, 'User profile updated successfully')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Grace Hopper, 34' })).toBeVisible();
      for (const line of ['Height- 168 CM', 'Weight- 72.5 KG', 'Body-Fat- 21 %', 'Mobile- +91-9876543210']) {
        await expect(page.getByText(line, { exact: true })).toBeVisible();
      }
      await expect(page.getByRole('img', { name: 'Profile picture of Grace Hopper' })).toHaveAttribute(
        'src',
        /^\/media\//,
      );
      const avatar = header.getByRole('link', { name: 'Grace' }).filter({ visible: true });
      await expect(avatar.locator('img')).toHaveAttribute('src', /^\/media\//);
      await expect(avatar).toHaveAttribute('href', '/TrainerDashboard');

      // Saving again with the file input left empty keeps the picture.
      const picture = await page
        .getByRole('img', { name: 'Profile picture of Grace Hopper' })
        .getAttribute('src');
      await page.getByRole('link', { name: 'update profile' }).click();
      await form.getByLabel('Weight').fill('70');
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Weight- 70 KG', { exact: true })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Profile picture of Grace Hopper' })).toHaveAttribute(
        'src',
        picture ?? '',
      );

      await header.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
      await expect(page).toHaveURL('/');
      await expect(toast(page, 'User logged out')).toBeVisible();
      await expect(header.getByRole('link', { name: 'Log In' }).filter({ visible: true })).toBeVisible();
      await page.goto('/userProfile');
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent('/userProfile')}`);
    });

    test('a protected page visited while signed out comes back after login', async ({ page }) => {
      const account = await verifiedAccount(page, javaScriptEnabled);
      await page.goto('/userProfile?edit=1');
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent('/userProfile?edit=1')}`);
      await fillLogin(page, account.email, account.password);
      await expect(page).toHaveURL('/userProfile?edit=1');
      await expect(page.getByText('Update Profile', { exact: true })).toBeVisible();
    });

    test.describe('refusals', () => {
      test.use({ expectedConsoleErrors: [REFUSED_SUBMISSION] });

      test('a wrong password is refused with the server detail', async ({ page }) => {
        const account = await verifiedAccount(page, javaScriptEnabled);
        await fillLogin(page, account.email, `${account.password}-wrong`);
        await expect(toast(page, 'No active account found with the given credentials')).toBeVisible();
        await expect(page).toHaveURL('/login');
        await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.email);
      });

      test('an unverified account cannot log in yet', async ({ page }) => {
        const account = newAccount();
        await register(page, account);
        await fillLogin(page, account.email, account.password);
        await expect(toast(page, 'Email not verified')).toBeVisible();
      });

      test('mismatched passwords show "Passwords don\'t match"', async ({ page }) => {
        const account = newAccount();
        await fillRegistration(page, account, `${account.password}x`);
        await expect(page).toHaveURL('/register');
        await expect(page.getByText("Passwords don't match")).toBeVisible();
        await expect(toast(page, 'Invalid input')).toBeVisible();
        // What was typed stays, except the passwords.
        await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.email);
      });

      test('a forged link shows the error and sends a new link on request', async ({ page }) => {
        const account = newAccount();
        await register(page, account);
        const first = await verificationLinkFor(account.email);

        await page.goto('/verify/forged-token-0123456789');
        if (!javaScriptEnabled) await page.getByRole('button', { name: 'Verify my e-mail' }).click();
        await expect(page.getByText('Invalid Token')).toBeVisible();
        await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
        await page.getByRole('button', { name: 'send a new link' }).click();
        await expect(page.getByText('a new link has been sent')).toBeVisible();

        const second = await verificationLinkFor(account.email, first);
        await verify(page, second, javaScriptEnabled);
      });

      test('a blocked user is signed out, told why, and cannot log in', async ({ page, request }) => {
        const account = await apiAccount(request);
        await signIn(page, account);

        await blockAccount(request, account);
        await page.goto('/userProfile');
        await expect(page).toHaveURL('/login');
        await expect(toast(page, BLOCKED)).toBeVisible();
        await expect(
          page.getByRole('banner').getByRole('link', { name: 'Log In' }).filter({ visible: true }),
        ).toBeVisible();
        // With JavaScript the first notice closes by itself (docs/product.md §9: 5 s) before the login raises its
        // own; without it, the notice is part of the page and the login's answer is a new page.
        if (javaScriptEnabled) await expect(toast(page, BLOCKED)).toHaveCount(0, { timeout: 10_000 });

        await fillLogin(page, account.email, account.password);
        await expect(toast(page, BLOCKED)).toBeVisible();
        await expect(page).toHaveURL('/login');
      });
    });

    test('a signed-in user who is not a superuser is turned away from the admin panel', async ({
      page,
      request,
    }) => {
      await signIn(page, await apiAccount(request));
      await page.goto('/admin/dashboard');
      await expect(page).toHaveURL('/');
      await expect(toast(page, 'You are not authorized to access this page.')).toBeVisible();
    });

    test('a signed-in visitor on the sign-up page goes to the dashboard', async ({ page, request }) => {
      await signIn(page, await apiAccount(request));
      await page.goto('/register');
      await expect(page).toHaveURL('/TrainerDashboard');
    });
  });
}

accountSuite(true);
accountSuite(false);
