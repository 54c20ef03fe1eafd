import { VALIDATION_MESSAGES } from '@fitcoach/contracts';
import type { Page } from '@playwright/test';
import {
  accessToken,
  expect,
  fillRegistration,
  newAccount,
  REFUSED_SUBMISSION,
  signIn,
  test,
  toast,
  verificationLinkFor,
} from './support/accounts.js';
import { apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { apiSubscribe } from './support/subscriptions.js';

/*
 * People's real names (docs/product.md §5): any script, with spaces, hyphens, apostrophes and periods, up to 50
 * characters; and a name of 50 characters without a break never makes a page wider than the screen.
 */

// [typed first name, last name, the first name as stored (NFC)]; "Zoë" is typed with a combining diaeresis.
const NAMES = [
  ['Zoe\u0308', 'Martínez', 'Zoë'],
  ["O'Brien", 'Mary Ann', "O'Brien"],
  ['Smith-Jones', 'O’Neil', 'Smith-Jones'],
  ['Αλέξανδρος', 'Παπαδόπουλος', 'Αλέξανδρος'],
  ['देवनागरी', 'शर्मा', 'देवनागरी'],
] as const;

/** The account's names as the API has them, once its address is verified. */
async function storedNames(page: Page, email: string, password: string) {
  const token = decodeURIComponent((await verificationLinkFor(email)).replace('/verify/', ''));
  expect((await page.request.post('/api/users/email_verification/', { data: { token } })).status()).toBe(201);
  const me = await page.request.get('/api/users/me/', {
    headers: { Authorization: `Bearer ${await accessToken(page.request, email, password)}` },
  });
  const { first_name, last_name } = (await me.json()) as { first_name: string; last_name: string };
  return [first_name, last_name];
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`registering with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    test.use({ javaScriptEnabled });

    for (const [first, last, stored] of NAMES) {
      test(`takes the name ${stored} ${last}`, async ({ page }) => {
        const account = { ...newAccount(), firstName: first, lastName: last };
        await fillRegistration(page, account);
        await expect(page).toHaveURL('/login');
        await expect(toast(page, 'Verification link sent to your email')).toBeVisible();
        expect(await storedNames(page, account.email, account.password)).toEqual([stored, last]);
      });
    }
  });
}

test.describe('the name fields in the browser', () => {
  test('the pattern compiles and takes names in any script, refusing digits', async ({ page }) => {
    await page.goto('/register');
    const first = page.getByLabel('First Name');
    await expect(first).toHaveAttribute('maxlength', '50');
    await expect(first).toHaveAttribute('title', VALIDATION_MESSAGES.name);
    for (const name of ['Zoë', "O'Brien", 'Mary Ann', 'Smith-Jones', 'J. R.', 'Αλέξανδρος', 'देवनागरी']) {
      await first.fill(name);
      await expect(first).toHaveJSProperty('validity.valid', true);
    }
    for (const name of ['Ada2', 'Ada_Lovelace', '...']) {
      await first.fill(name);
      await expect(first).toHaveJSProperty('validity.patternMismatch', true);
    }
  });
});

test.describe('a refused name', () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [REFUSED_SUBMISSION] });

  test('is told next to the field, and no account is made', async ({ page }) => {
    const account = { ...newAccount(), lastName: 'Lovelace2' };
    // The browser would refuse the value itself; without its pattern the server is the one to say no.
    await page.goto('/register');
    await page.getByLabel('Last Name').evaluate((input) => input.removeAttribute('pattern'));
    await page.getByLabel('First Name').fill(account.firstName);
    await page.getByLabel('Last Name').fill(account.lastName);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByLabel('Re-enter Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/register');
    await expect(page.getByText(VALIDATION_MESSAGES.name)).toBeVisible();
    const login = await page.request.post('/api/token/', {
      data: { email: account.email, password: account.password },
    });
    expect(login.status()).toBe(401);
  });
});

// 50 characters without a place to break: the widest letter, so the test is the hardest a name can make it.
const LONG = 'W'.repeat(50);

async function noHorizontalScroll(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

for (const width of [390, 1280]) {
  test.describe(`a 50-character name at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('fits the profile, dashboard, navbar, chat, trainer and programme pages and admin tables', async ({
      page,
      superuser,
    }) => {
      const { account: coach, trainerId } = await apiTrainer(
        page.request,
        {},
        { firstName: LONG, lastName: LONG },
      );
      const program = await apiProgram(page.request, coach.auth);
      await publishPrograms(page.request, [program]);
      const member = await apiAccount(page.request, { firstName: LONG, lastName: LONG });
      await apiSubscribe(page.request, member.auth, program);
      const fullName = `${LONG} ${LONG}`;

      await signIn(page, member);
      await page.goto('/userProfile');
      await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
      await expect(page.getByRole('banner')).toContainText(LONG);
      await noHorizontalScroll(page);

      await page.goto('/trainerDashboard');
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toContainText(fullName);
      await noHorizontalScroll(page);

      await page.goto('/chat');
      await expect(
        page.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: new RegExp(fullName) }),
      ).toBeVisible();
      await noHorizontalScroll(page);

      for (const path of [`/trainerPage/${trainerId}`, `/programmes`]) {
        await page.goto(path);
        await expect(page.getByRole('main')).toContainText(fullName);
        await noHorizontalScroll(page);
      }

      await signIn(page, coach);
      await page.goto('/trainerDashboard?view=subscribers');
      await expect(page.getByRole('main')).toContainText(fullName);
      await noHorizontalScroll(page);

      await signIn(page, superuser);
      for (const [path, email] of [
        ['/admin/users', member.email],
        ['/admin/trainers', coach.email],
      ]) {
        await page.goto(`${path}?search=${encodeURIComponent(email)}`);
        await expect(page.getByRole('cell', { name: fullName })).toBeVisible();
        await noHorizontalScroll(page);
      }
    });
  });
}
