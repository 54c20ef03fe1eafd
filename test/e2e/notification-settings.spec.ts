import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { unsubscribeToken } from '../../api/src/modules/reminders/unsubscribe-token.js';
import { expect, REFUSED_SUBMISSION, signIn, test, toast } from './support/accounts.js';
import { apiAccount, type ApiAccount } from './support/catalogue.js';

/** The server's token secret: without JWT_SECRET it keeps one in its DATA_DIR, which the suite gave it. */
function serverSecret(): string {
  return readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'jwt-secret'), 'utf8').trim();
}

async function settingsOf(request: APIRequestContext, account: ApiAccount) {
  const res = await request.get('/api/users/notification_settings/', { headers: account.auth });
  expect(res.status()).toBe(200);
  return res.json() as Promise<Record<string, boolean>>;
}

async function unsubscribeLink(request: APIRequestContext, account: ApiAccount): Promise<string> {
  const me = await request.get('/api/users/me/', { headers: account.auth });
  const { id } = (await me.json()) as { id: number };
  return `/unsubscribe/reminders?token=${encodeURIComponent(unsubscribeToken(serverSecret(), id))}`;
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`notifications, with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    test.use({ javaScriptEnabled, expectedConsoleErrors: [REFUSED_SUBMISSION] });

    test('the profile\'s "Notifications" switches are saved', async ({ page }) => {
      const account = await apiAccount(page.request);
      await signIn(page, account);
      await page.goto('/userProfile');
      const section = page.getByRole('region', { name: 'Notifications' });
      const emails = section.getByRole('switch', { name: 'Lesson reminder e-mails' });
      const chat = section.getByRole('switch', { name: 'Chat messages on this device' });
      await expect(emails).toBeChecked();
      await expect(chat).toBeChecked();

      await emails.uncheck();
      await section.getByRole('button', { name: 'Save notification settings' }).click();
      await expect(toast(page, 'Your notification settings are saved.')).toBeVisible();
      await expect(page).toHaveURL('/userProfile');
      expect(await settingsOf(page.request, account)).toEqual({
        reminder_emails: false,
        push_reminders: true,
        push_chat: true,
      });
      await page.reload();
      await expect(
        page
          .getByRole('region', { name: 'Notifications' })
          .getByRole('switch', { name: 'Lesson reminder e-mails' }),
      ).not.toBeChecked();
    });

    test("a reminder mail's unsubscribe link asks first, then turns reminder e-mails off", async ({
      page,
    }) => {
      const account = await apiAccount(page.request);
      const link = await unsubscribeLink(page.request, account);
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Lesson reminders' })).toBeVisible();
      // Opening the link changed nothing.
      expect((await settingsOf(page.request, account)).reminder_emails).toBe(true);

      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByText('You will no longer receive lesson reminders.')).toBeVisible();
      expect(await settingsOf(page.request, account)).toEqual({
        reminder_emails: false,
        push_reminders: true,
        push_chat: true,
      });
      await expect(page.getByRole('link', { name: "your profile's settings" })).toHaveAttribute(
        'href',
        '/userProfile',
      );
    });

    test('a forged unsubscribe link says it is not valid', async ({ page }) => {
      await page.goto('/unsubscribe/reminders?token=1.forged');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
    });
  });
}

test("the mail client's one-click POST (RFC 8058) unsubscribes", async ({ page }) => {
  const account = await apiAccount(page.request);
  const link = await unsubscribeLink(page.request, account);
  const res = await page.request.post(link, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(res.status()).toBe(200);
  expect((await settingsOf(page.request, account)).reminder_emails).toBe(false);
});
