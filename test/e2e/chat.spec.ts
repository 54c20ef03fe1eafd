import type { Browser, Page } from '@playwright/test';
import { plainImage } from '../fixtures/images.js';
import { expect, signIn, test, testAddress, toast } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { gotoAndJoinRooms } from './support/chat.js';
import { apiSubscribe } from './support/subscriptions.js';

/*
 * The /chat page (docs/product.md §2) between a trainer and the members of their programme: live both ways with JavaScript
 * (two browser contexts, as two people), and a plain form without it.
 */

interface Cast {
  coach: ApiAccount;
  mia: ApiAccount;
  sam: ApiAccount;
}

async function cast(page: Page): Promise<Cast> {
  const { account: coach, trainerId } = await apiTrainer(
    page.request,
    {},
    { firstName: 'Tina', lastName: 'Coach' },
  );
  expect(trainerId).toBeGreaterThan(0);
  const program = await apiProgram(page.request, coach.auth);
  await publishPrograms(page.request, [program]);
  const mia = await apiAccount(page.request, { firstName: 'Mia', lastName: 'Member' });
  const sam = await apiAccount(page.request, { firstName: 'Sam', lastName: 'Second' });
  await apiSubscribe(page.request, mia.auth, program);
  await apiSubscribe(page.request, sam.auth, program);
  return { coach, mia, sam };
}

/** A second person at another browser: a context of their own, signed in. */
async function personAt(browser: Browser, account: ApiAccount): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': testAddress() },
  });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

const contactLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: new RegExp(name) });

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });

test.describe('chat with JavaScript', () => {
  test('a member and their trainer chat live: presence, unread badge, image, forward, delete, toast elsewhere', async ({
    page,
    browser,
  }) => {
    const { coach, mia, sam } = await cast(page);
    await signIn(page, mia);
    const trainer = await personAt(browser, coach);

    await page.goto('/chat');
    await expect(contactLink(page, 'Tina Coach')).toContainText('Offline');
    await trainer.goto('/chat');
    await expect(contactLink(page, 'Tina Coach')).toContainText('Online');
    await expect(contactLink(trainer, 'Mia Member')).toContainText('Online');
    await expect(contactLink(trainer, 'Sam Second')).toContainText('Offline');

    // Mia writes; the trainer, elsewhere on the page, sees the unread badge, then the message.
    await contactLink(page, 'Tina Coach').click();
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello coach');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(messages(page)).toContainText('Hello coach');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expect(contactLink(trainer, 'Mia Member').getByLabel('1 unread')).toBeVisible();
    await expect(
      trainer.getByRole('banner').getByLabel('1 unread messages').filter({ visible: true }),
    ).toBeVisible();
    await contactLink(trainer, 'Mia Member').click();
    await expect(messages(trainer)).toContainText('Hello coach');
    await expect(contactLink(trainer, 'Mia Member').getByLabel('1 unread')).toHaveCount(0);
    await expect(trainer.getByRole('banner').getByLabel('1 unread messages')).toHaveCount(0);

    // The trainer answers while Mia watches; Mia sees it typed and arrive.
    await trainer.getByRole('textbox', { name: 'Message' }).fill('Welcome!');
    await expect(page.getByText('typing…')).toBeVisible();
    await trainer.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(messages(page)).toContainText('Welcome!');

    // An image, with its preview before sending.
    await page.locator('input[type=file]').setInputFiles({
      name: 'pose.png',
      mimeType: 'image/png',
      buffer: await plainImage(60, 40),
    });
    await expect(page.getByRole('img', { name: 'Image to send' })).toBeVisible();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(messages(trainer).getByRole('img', { name: 'Image from Mia Member' })).toBeVisible();
    await expect(messages(trainer).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      /^\/media\/chat\/.+\.webp$/,
    );

    // Forward the answer to the other member: Mia, whose conversation it is, is not offered.
    await messages(trainer).getByRole('listitem').filter({ hasText: 'Welcome!' }).getByRole('button').click();
    await trainer.getByRole('menuitem', { name: 'Forward' }).click();
    const dialog = trainer.getByRole('dialog', { name: 'Select Users to Forward Message' });
    await expect(dialog.getByRole('checkbox')).toHaveCount(1);
    await dialog.getByLabel('Sam Second').check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(toast(trainer, 'Forwarded to 1 contact')).toBeVisible();
    const samsView = await page.request.get(`/api/chat/getMessages/${await userId(page, coach)}/`, {
      headers: sam.auth,
    });
    expect(
      (await samsView.json()).map((m: { message: string; forwarded: boolean }) => [m.message, m.forwarded]),
    ).toEqual([['Welcome!', true]]);

    // Mia deletes her first message, once she has confirmed it: both sides see it deleted.
    await messages(page).getByRole('listitem').filter({ hasText: 'Hello coach' }).getByRole('button').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this message?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(messages(trainer)).toContainText('message deleted');
    await expect(messages(trainer)).not.toContainText('Hello coach');
    await expect(messages(page)).toContainText('message deleted');

    // Elsewhere on the site, a new message arrives as a toast once the new page has joined its rooms.
    await gotoAndJoinRooms(page, '/programmes');
    await trainer.getByRole('textbox', { name: 'Message' }).fill('Check lesson 2');
    await trainer.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(toast(page, 'Tina Coach: Check lesson 2')).toBeVisible();

    // Mia leaves: the trainer sees her go offline.
    await page.close();
    await expect(trainer.getByText('Offline').first()).toBeVisible();
    await expect(contactLink(trainer, 'Mia Member')).toContainText('Offline');
    await trainer.context().close();
  });

  test('messages sent while a member was away show once as toasts on their next visit', async ({ page }) => {
    const { coach, mia } = await cast(page);
    const to = await userId(page, mia);
    for (const text of ['Rest day tomorrow', 'Bring a mat']) {
      const sent = await page.request.post('/api/chat/sendMessage/', {
        headers: coach.auth,
        data: { to, text },
      });
      expect(sent.status()).toBe(201);
    }
    await signIn(page, mia);
    await page.goto('/programmes');
    await expect(toast(page, 'Tina Coach: Rest day tomorrow')).toBeVisible();
    await expect(toast(page, 'Tina Coach: Bring a mat')).toBeVisible();

    // Shown means read: the next page of the visit does not show them again.
    const pending = page.waitForResponse((res) => new URL(res.url()).pathname === '/notifications');
    await page.reload();
    expect(await (await pending).json()).toEqual([]);
  });

  test('a trainer without subscribers and a member without programmes see the empty texts', async ({
    page,
  }) => {
    const { account: lonely } = await apiTrainer(page.request);
    await signIn(page, lonely);
    await page.goto('/chat');
    await expect(page.getByText('You have no followers for your programs')).toBeVisible();
    await page.context().clearCookies();
    await signIn(page, await apiAccount(page.request));
    await page.goto('/chat');
    await expect(
      page.getByText('You have no contacts yet. Subscribe to a programme to chat with its trainer.'),
    ).toBeVisible();
  });
});

/** A user's id, as the API tells its owner. */
async function userId(page: Page, account: ApiAccount): Promise<number> {
  const me = await page.request.get('/api/users/me/', { headers: account.auth });
  return ((await me.json()) as { id: number }).id;
}

test.describe('chat without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the contacts and the conversation, and sends a text through the form', async ({ page }) => {
    const { coach, mia } = await cast(page);
    const sent = await page.request.post('/api/chat/sendMessage/', {
      headers: coach.auth,
      data: { to: await userId(page, mia), text: 'Stretch before you run' },
    });
    expect(sent.status()).toBe(201);
    await signIn(page, mia);
    await page.goto('/chat');
    await expect(contactLink(page, 'Tina Coach').getByLabel('1 unread')).toBeVisible();
    await contactLink(page, 'Tina Coach').click();
    await expect(messages(page)).toContainText('Stretch before you run');
    await page.getByRole('textbox', { name: 'Message' }).fill('Will do!');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page).toHaveURL(/\/chat\?with=\d+$/);
    await expect(messages(page)).toContainText('Will do!');
    const history = await page.request.get(`/api/chat/getMessages/${await userId(page, mia)}/`, {
      headers: coach.auth,
    });
    expect((await history.json()).map((m: { message: string }) => m.message)).toEqual([
      'Stretch before you run',
      'Will do!',
    ]);
  });

  test('opening a conversation reads nothing; its form marks the new messages read', async ({ page }) => {
    const { coach, mia } = await cast(page);
    for (const text of ['Rest day tomorrow', 'Hydrate well']) {
      const sent = await page.request.post('/api/chat/sendMessage/', {
        headers: coach.auth,
        data: { to: await userId(page, mia), text },
      });
      expect(sent.status()).toBe(201);
    }
    const unread = async () => {
      const contacts = await page.request.get('/api/chat/getContacts/', { headers: mia.auth });
      return ((await contacts.json()) as { unread: number }[]).map((contact) => contact.unread);
    };
    await signIn(page, mia);
    await page.goto(`/chat?with=${await userId(page, coach)}`);
    await expect(messages(page)).toContainText('Hydrate well');
    expect(await unread()).toEqual([2]);

    await page.getByRole('button', { name: 'Mark 2 new messages as read' }).click();
    await expect(page).toHaveURL(/\/chat\?with=\d+$/);
    await expect(page.getByRole('button', { name: /as read/ })).toHaveCount(0);
    expect(await unread()).toEqual([0]);
  });
});
