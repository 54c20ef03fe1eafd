import { CHAT_CLIENT_EVENTS, CHAT_IMAGE_MAX_BYTES } from '@fitcoach/contracts';
import type { Page } from '@playwright/test';
import { plainImage } from '../fixtures/images.js';
import { expect, signIn, test } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { apiSubscribe } from './support/subscriptions.js';

/*
 * The chat composer and message menu as people expect them (docs/product.md §2.10), with JavaScript: Enter sends and
 * Shift+Enter starts a line, a deletion is confirmed, an image is checked against the API's limits before anything
 * is sent, Forward is offered only when there is someone else to forward to, and the presence dot scrolls under the
 * sticky header.
 */

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const item = (page: Page, text: string) => messages(page).getByRole('listitem').filter({ hasText: text });

/** Resolves once the page's next socket is connected (socket.io's CONNECT packet answered), so sends go over it. */
function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40')) resolve();
      }),
    );
  });
}

async function userId(page: Page, account: ApiAccount): Promise<number> {
  const me = await page.request.get('/api/users/me/', { headers: account.auth });
  return ((await me.json()) as { id: number }).id;
}

test('a trainer with one subscriber: Enter, Shift+Enter, a confirmed delete, images refused early, no Forward', async ({
  page,
}) => {
  const { account: coach } = await apiTrainer(page.request, {}, { firstName: 'Tina', lastName: 'Coach' });
  const program = await apiProgram(page.request, coach.auth);
  await publishPrograms(page.request, [program]);
  const mia = await apiAccount(page.request, { firstName: 'Mia', lastName: 'Member' });
  await apiSubscribe(page.request, mia.auth, program);
  const miaId = await userId(page, mia);
  const fromMia = await page.request.post('/api/chat/sendMessage/', {
    headers: mia.auth,
    data: { to: await userId(page, coach), text: 'Is the mat needed?' },
  });
  expect(fromMia.status()).toBe(201);

  // Every send the page makes over its socket, to show that a refused image never left the browser.
  const sends: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', (frame) => {
      if (String(frame.payload).includes(`"${CHAT_CLIENT_EVENTS.send}"`)) sends.push(String(frame.payload));
    }),
  );
  await signIn(page, coach);
  const live = socketConnected(page);
  await page.goto(`/chat?with=${miaId}`);
  await expect(item(page, 'Is the mat needed?')).toBeVisible();
  await live;

  // Shift+Enter starts a new line; Enter sends the two lines as one message.
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toHaveAccessibleDescription('Enter sends, Shift+Enter starts a new line');
  await box.fill('Yes, bring one.');
  await box.press('Shift+Enter');
  await box.pressSequentially('And water.');
  await expect(box).toHaveValue('Yes, bring one.\nAnd water.');
  await box.press('Enter');
  await expect(item(page, 'Yes, bring one.')).toContainText('And water.');
  await expect(box).toHaveValue('');
  expect(sends).toHaveLength(1);
  const sent = await page.request.get(`/api/chat/getMessages/${miaId}/`, { headers: coach.auth });
  expect((await sent.json()).map((m: { message: string }) => m.message)).toEqual([
    'Is the mat needed?',
    'Yes, bring one.\nAnd water.',
  ]);

  // Mia is the only contact: her message can be copied, not forwarded; the trainer's own can be deleted, not
  // forwarded either.
  await item(page, 'Is the mat needed?')
    .getByRole('button', { name: /^Message options/ })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Copy' })).toBeVisible();
  await expect(page.getByRole('menuitem')).toHaveText(['Copy']);
  await page.keyboard.press('Escape');
  const own = item(page, 'And water.');
  await own.getByRole('button', { name: /^Message options/ }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Copy', 'Delete']);

  // Deleting asks first: Cancel keeps the message, Delete removes it.
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this message?' });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(own).toContainText('And water.');
  await own.getByRole('button', { name: /^Message options/ }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(messages(page)).toContainText('message deleted');
  await expect(messages(page)).not.toContainText('And water.');
  const history = await page.request.get(`/api/chat/getMessages/${miaId}/`, { headers: coach.auth });
  expect((await history.json()).map((m: { deleted: boolean }) => m.deleted)).toEqual([false, true]);

  // The limit is shown beside the picker; an oversized picture, a text file and a file that only claims to be a
  // picture are refused with a message, with no preview and nothing sent.
  const limit = `${CHAT_IMAGE_MAX_BYTES / (1024 * 1024)} MB`;
  await expect(page.getByText(`Images up to ${limit}`)).toBeVisible();
  const picker = page.locator('input[type=file]');
  const refusal = page.getByRole('alert').filter({ hasText: /image|picture/ });
  const preview = page.getByRole('img', { name: 'Image to send' });
  await picker.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([await plainImage(8, 8), Buffer.alloc(CHAT_IMAGE_MAX_BYTES)]),
  });
  await expect(refusal).toHaveText(
    `This image is larger than ${limit}, the most a message may carry. Choose a smaller one.`,
  );
  await expect(preview).toHaveCount(0);
  // A text file, and one that only claims to be a PNG.
  for (const [name, mimeType, content] of [
    ['notes.txt', 'text/plain', 'Sets and reps'],
    ['fake.png', 'image/png', 'not a picture'],
  ]) {
    await picker.setInputFiles({ name, mimeType, buffer: Buffer.from(content) });
    await expect(refusal).toHaveText(
      'Only pictures can be sent: choose a JPEG, PNG, WebP, GIF or AVIF image.',
    );
    await expect(preview).toHaveCount(0);
  }
  expect(sends).toHaveLength(1);

  // A real picture clears the refusal and shows its preview.
  await picker.setInputFiles({ name: 'pose.png', mimeType: 'image/png', buffer: await plainImage(60, 40) });
  await expect(preview).toBeVisible();
  await expect(refusal).toHaveCount(0);

  // Scrolled so that Mia's presence dot is behind the sticky header, the header is what shows there.
  const dot = page
    .getByRole('navigation', { name: 'Contacts' })
    .getByRole('link', { name: /Mia Member/ })
    .locator('.mantine-Indicator-indicator');
  const under = await dot.evaluate((element) => {
    const header = document.querySelector('header');
    const box = element.getBoundingClientRect();
    const headerMiddle = (header?.getBoundingClientRect().height ?? 0) / 2;
    window.scrollBy(0, box.top + box.height / 2 - headerMiddle);
    const moved = element.getBoundingClientRect();
    const shown = document.elementFromPoint(moved.left + moved.width / 2, moved.top + moved.height / 2);
    return { inHeader: Boolean(shown && header?.contains(shown)), top: Math.round(moved.top) };
  });
  expect(under.top).toBeLessThan(64);
  expect(under.inHeader).toBe(true);
});

test('with its socket away, a message is posted by the form and the box is emptied once it is sent', async ({
  page,
}) => {
  const { account: coach } = await apiTrainer(page.request);
  const program = await apiProgram(page.request, coach.auth);
  await publishPrograms(page.request, [program]);
  const member = await apiAccount(page.request);
  await apiSubscribe(page.request, member.auth, program);
  await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
  await signIn(page, member);
  await page.goto(`/chat?with=${await userId(page, coach)}`);

  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toHaveAccessibleDescription('Enter sends, Shift+Enter starts a new line');
  await box.fill('Sent without the socket');
  await box.press('Enter');
  await expect(item(page, 'Sent without the socket')).toBeVisible();
  await expect(box).toHaveValue('');
  const stored = await page.request.get(`/api/chat/getMessages/${await userId(page, coach)}/`, {
    headers: member.auth,
  });
  expect((await stored.json()).map((m: { message: string }) => m.message)).toEqual([
    'Sent without the socket',
  ]);
});
