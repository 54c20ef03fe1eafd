import { UPLOAD_MAX_BYTES, VALIDATION_MESSAGES } from '@fitcoach/contracts';
import { expect, REFUSED_SUBMISSION, signIn, test, toast } from './support/accounts.js';
import { apiAccount } from './support/catalogue.js';
import { chooseFile } from './support/files.js';
import { plainImage } from '../fixtures/images.js';
import { appStarted } from './fixtures.js';

test.describe('with JavaScript, the forms hint as the visitor types', () => {
  test('"! invalid email" once the e-mail field is left', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-address');
    await page.getByLabel(/^Password/).focus();
    await expect(page.getByText('! invalid email')).toBeVisible();
  });

  test('"Passwords don\'t match" while typing', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel(/^Password/).fill('first-password');
    await page.getByLabel('Re-enter Password').fill('second');
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Re-enter Password').fill('first-password');
    await expect(page.getByText("Passwords don't match")).toBeHidden();
  });

  test("a password typed in before the page's scripts ran is compared too", async ({ browser }) => {
    // A visitor of its own, whose page is not waited for, and the page's scripts held back until it has typed.
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/register', { waitUntil: 'domcontentloaded' });
    await page.getByLabel(/^Password/).fill('first-password');
    release();
    await appStarted(page);
    await page.getByLabel('Re-enter Password').fill('first-passwore');
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Re-enter Password').fill('first-password');
    await expect(page.getByText("Passwords don't match")).toBeHidden();
    await visitor.close();
  });

  test('a bad age or phone is cleared with docs/product.md §5 alert texts', async ({ page, request }) => {
    await signIn(page, await apiAccount(request));
    await page.goto('/userProfile?edit=1');
    const form = page.getByRole('dialog', { name: 'Update Profile' });
    await form.getByLabel('Age').fill('7');
    await form.getByLabel('Phone').focus();
    await expect(form.getByText('Please enter an age between 12 and 120.')).toBeVisible();
    await expect(form.getByLabel('Age')).toHaveValue('');
    await form.getByLabel('Phone').fill('12345');
    await form.getByLabel('Age').focus();
    await expect(form.getByText('Please enter a valid 10-digit phone number.')).toBeVisible();
    await expect(form.getByLabel('Phone')).toHaveValue('');
    await form.getByLabel('First Name').fill('Ada2');
    await expect(form.getByText(VALIDATION_MESSAGES.name)).toBeVisible();
    await form.getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL('/userProfile');
    await expect(form).toBeHidden();
  });
});

test.describe('with JavaScript, a picture the API would refuse', () => {
  test('is taken out of the field before the form is sent, with the reason and the limit named', async ({
    page,
    request,
  }) => {
    await signIn(page, await apiAccount(request));
    await page.goto('/userProfile?edit=1');
    const form = page.getByRole('dialog', { name: 'Update Profile' });
    const picture = form.getByRole('button', { name: 'Profile Picture', exact: true });
    const chosen = form.locator('input[type=file][name=profile_picture]');
    await expect(picture).toHaveAccessibleDescription('JPEG, PNG, WebP, GIF or AVIF, at most 5 MB.');
    await chooseFile(form, 'Profile Picture', {
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(UPLOAD_MAX_BYTES + 1),
    });
    await expect(form.getByText('Choose a picture of at most 5 MB')).toBeVisible();
    await expect(picture).toHaveText('Choose a picture');
    await expect(chosen).toHaveJSProperty('value', '');

    await chooseFile(form, 'Profile Picture', {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(form.getByText('Choose a JPEG, PNG, WebP, GIF or AVIF picture')).toBeVisible();
    await expect(chosen).toHaveJSProperty('value', '');

    await chooseFile(form, 'Profile Picture', {
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await plainImage(16, 16),
    });
    await expect(picture).toHaveText('me.png');
    await expect(form.getByText('Choose a JPEG, PNG, WebP, GIF or AVIF picture')).toBeHidden();
    await expect(chosen).toHaveJSProperty('value', 'C:\\fakepath\\me.png');
  });
});

test.describe("with JavaScript, the API's refusal of a profile update", () => {
  test.use({ expectedConsoleErrors: [REFUSED_SUBMISSION] });

  test('is shown next to the field, with the "request rejected" toast', async ({ page, request }) => {
    await signIn(page, await apiAccount(request));
    await page.goto('/userProfile?edit=1');
    const form = page.getByRole('dialog', { name: 'Update Profile' });
    // The browser would refuse the value itself; without its limit the API is the one to say no.
    await form.getByLabel('Height').evaluate((input) => input.removeAttribute('min'));
    await form.getByLabel('Height').fill('50');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'request rejected')).toBeVisible();
    await expect(form.getByText('Height must be between 100 and 200 cm.')).toBeVisible();
    await expect(page).toHaveURL('/userProfile?edit=1');
  });
});
