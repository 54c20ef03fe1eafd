import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test, toast } from './support/accounts.js';
import { apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { apiLessons, apiSubscribe } from './support/subscriptions.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The whole member's path with the keyboard alone: sign in, subscribe with the test provider, mark a
 * lesson complete and send the trainer a chat message. Every step moves the focus with Tab and acts with Enter or
 * by typing; the mouse is never used. Addresses are typed only where a user would type one.
 */

/** Tabs forward until `target` has the focus, as a keyboard user would; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, most = 80): Promise<void> {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

test('a member signs in, subscribes, completes a lesson and writes to the trainer without the mouse', async ({
  page,
}) => {
  const { account: trainer } = await apiTrainer(page.request, {}, { firstName: 'Kay', lastName: 'Coach' });
  const name = `Keys ${uniqueWord()}`;
  const programId = await apiProgram(page.request, trainer.auth, { program_name: name, duration: 30 });
  await apiLessons(page.request, trainer.auth, programId, [
    { number: 1, title: 'Breathing', videoId: 'IODxDxX7oi4' },
    { number: 2, title: 'Mobility', videoId: 'aclHkVaku9U' },
  ]);
  await publishPrograms(page.request, [programId]);
  const member = await apiAccount(page.request);

  await page.goto('/login');
  await tabTo(page, page.getByRole('textbox', { name: 'Email', exact: true }));
  await page.keyboard.type(member.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(member.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  await page.goto(`/programDetails/${programId}`);
  await tabTo(page, page.getByRole('link', { name: /^Subscribe at just / }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Pay (test payment)' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/programLesson/${programId}`);
  await expect(page.getByText('0% completed')).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Mark as completed' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Lesson marked as completed')).toBeVisible();
  await expect(page.getByText('50% completed')).toBeVisible();

  await page.goto('/chat');
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: /Kay Coach/ }),
  );
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('textbox', { name: 'Message' }));
  await page.keyboard.type('Hello from the keyboard');
  // Enter in the message box starts a new line; the Send button is next.
  await tabTo(page, page.getByRole('button', { name: 'Send', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Hello from the keyboard');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
});

test('the first Tab stop skips the navbar to the page content', async ({ page }) => {
  await page.goto('/programmes');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab stop is in the content, not the navbar's first link.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test('nothing moves for a visitor whose system asks for reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  // The longest transition or animation of any element of the page, its buttons' included.
  const longest = await page.evaluate(() =>
    Math.max(
      ...Array.from(document.querySelectorAll('*')).flatMap((element) => {
        const style = getComputedStyle(element);
        return [style.transitionDuration, style.animationDuration].flatMap((value) =>
          value.split(',').map(parseFloat),
        );
      }),
    ),
  );
  expect(longest).toBeLessThan(0.001);
});

/**
 * A modal dialog holds the keyboard: Tab and Shift+Tab go round its own controls and never reach the page behind
 * it; Escape closes it and gives the focus back to the control that opened it.
 */
async function expectModalKeyboard(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  const insideDialog = () => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect({ key, inside: await insideDialog() }).toEqual({ key, inside: true });
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test.describe('modal dialogs with the keyboard alone', () => {
  test('the unsubscribe confirmation', async ({ page }) => {
    const { account: trainer } = await apiTrainer(page.request);
    const name = `Modal ${uniqueWord()}`;
    const programId = await apiProgram(page.request, trainer.auth, { program_name: name });
    await publishPrograms(page.request, [programId]);
    const member = await apiAccount(page.request);
    await apiSubscribe(page.request, member.auth, programId);
    await signIn(page, member);

    await page.goto('/trainerDashboard?view=subscribed');
    const opener = page.getByRole('link', { name: `Unsubscribe from ${name}` });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    await expectModalKeyboard(page, page.getByRole('dialog'), opener);
  });

  test("the superuser's block confirmation", async ({ page, superuser }) => {
    const member = await apiAccount(page.request);
    await signIn(page, superuser);
    await page.goto(`/admin/users?q=${encodeURIComponent(member.email)}`);
    const opener = page
      .getByRole('row', { name: new RegExp(member.email) })
      .getByRole('link', { name: 'Block' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    await expectModalKeyboard(page, page.getByRole('dialog', { name: /^Block / }), opener);
  });

  test("the chat's forward dialog", async ({ page }) => {
    const { account: trainer } = await apiTrainer(page.request, {}, { firstName: 'Fay', lastName: 'Coach' });
    const programId = await apiProgram(page.request, trainer.auth);
    await publishPrograms(page.request, [programId]);
    // A second trainer: a message is forwarded to someone other than the conversation it is in.
    const { account: other } = await apiTrainer(page.request);
    const otherProgramId = await apiProgram(page.request, other.auth);
    await publishPrograms(page.request, [otherProgramId]);
    const member = await apiAccount(page.request);
    await apiSubscribe(page.request, member.auth, programId);
    await apiSubscribe(page.request, member.auth, otherProgramId);
    await signIn(page, member);

    await page.goto('/chat');
    await tabTo(
      page,
      page.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: /Fay Coach/ }),
    );
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('textbox', { name: 'Message' }));
    await page.keyboard.type('Forward me');
    await tabTo(page, page.getByRole('button', { name: 'Send', exact: true }));
    await page.keyboard.press('Enter');
    const messages = page.getByRole('list', { name: 'Messages' });
    await expect(messages).toContainText('Forward me');
    const options = messages.getByRole('button', { name: /^Message options/ }).last();
    await tabTo(page, options);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Forward' })).toBeVisible();
    // The arrow keys move through the menu once its opening has moved the focus into it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null))
      .toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Forward' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectModalKeyboard(
      page,
      page.getByRole('dialog', { name: 'Select Users to Forward Message' }),
      options,
    );
  });
});
