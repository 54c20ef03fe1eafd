import { expect, REFUSED_SUBMISSION, signIn, test, toast } from './support/accounts.js';
import { apiProgram, apiTrainer, publishPrograms, requestPublication } from './support/catalogue.js';
import { latestMessageTo, plainText } from './support/mail.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The admin's Programs list and Pending Approvals (docs/product.md §2.11) without JavaScript: the list narrowed by
 * status and trainer through a GET form whose answer is a URL, which the pager and the trainer links keep; a
 * programme rejected with a reason that its trainer reads.
 */

test.use({ javaScriptEnabled: false });

/** A family name no other test uses, in letters only, as names must be: the word's digits become g to p. */
const uniqueName = () =>
  uniqueWord().replace(/\d/g, (digit) => String.fromCharCode('g'.charCodeAt(0) + Number(digit)));

test.describe('the Programs list', () => {
  // The page past the last answers 404 on purpose.
  test.use({
    expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/],
  });

  test("a superuser narrows the Programs list to a trainer's pending programmes; the filters live in the URL", async ({
    page,
    superuser,
  }) => {
    const family = uniqueName();
    const { account: trainer, trainerId } = await apiTrainer(
      page.request,
      {},
      { firstName: 'Pia', lastName: family },
    );
    const word = uniqueWord();
    const draft = `Draft ${word}`;
    const pending = `Pending ${word}`;
    const published = `Published ${word}`;
    await apiProgram(page.request, trainer.auth, { program_name: draft });
    const pendingId = await apiProgram(page.request, trainer.auth, { program_name: pending });
    const publishedId = await apiProgram(page.request, trainer.auth, { program_name: published });
    await requestPublication(page.request, trainer.auth, [pendingId, publishedId]);
    await publishPrograms(page.request, [publishedId]);

    await signIn(page, superuser);
    await page.goto('/admin/fitnessPrograms');
    const filter = page.getByRole('search', { name: 'Filter programs' });
    const rows = page.getByRole('table', { name: 'Programs' }).getByRole('row');
    await filter.getByLabel('Trainer').selectOption({ label: `Pia ${family}` });
    await filter.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(`/admin/fitnessPrograms?status=&trainer=${trainerId}`);
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1).getByRole('cell')).toHaveText([
      new RegExp(published),
      'Yoga',
      '30 days',
      'Published',
      'Block',
    ]);
    await expect(rows.nth(2).getByRole('cell').nth(3)).toHaveText('Pending');
    await expect(rows.nth(3).getByRole('cell').nth(3)).toHaveText('Draft');

    await filter.getByLabel('Status').selectOption('Pending');
    await filter.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(`/admin/fitnessPrograms?status=pending&trainer=${trainerId}`);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(pending);
    await expect(filter.getByLabel('Status')).toHaveValue('pending');
    await expect(filter.getByLabel('Trainer')).toHaveValue(String(trainerId));

    // The "by" link narrows to the row's trainer and keeps the status.
    await rows
      .nth(1)
      .getByRole('link', { name: `Programs by Pia ${family}` })
      .click();
    await expect(page).toHaveURL(`/admin/fitnessPrograms?status=pending&trainer=${trainerId}`);

    // The draft alone under its filters; a page past it is not a page.
    await page.goto(`/admin/fitnessPrograms?status=draft&trainer=${trainerId}&page=1`);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(draft);
    const past = await page.goto(`/admin/fitnessPrograms?status=draft&trainer=${trainerId}&page=2`);
    expect(past?.status()).toBe(404);
  });
});

test.describe('Pending Approvals', () => {
  // The refused blank reason is answered 400, which the browser logs.
  test.use({ expectedConsoleErrors: [REFUSED_SUBMISSION] });

  test('a superuser rejects a programme with a reason; its trainer reads it on the dashboard and asks again', async ({
    page,
    superuser,
  }) => {
    const { account: trainer } = await apiTrainer(page.request);
    const name = `Rejectable ${uniqueWord()}`;
    const id = await apiProgram(page.request, trainer.auth, { program_name: name });
    await requestPublication(page.request, trainer.auth, [id]);
    const reason = 'Please add a video to every lesson.';

    await signIn(page, superuser);
    await page.goto('/admin/requestNotificaions');
    const card = page.getByRole('article', { name });
    await card.getByRole('link', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Reject ${name}?` });
    // Blank passes the browser's `required`; the page refuses it and keeps the dialog open.
    await dialog.getByLabel('Reason').fill('   ');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(
      dialog.getByText('Give the trainer a reason, of 1 to 500 characters.').first(),
    ).toBeVisible();
    await expect(card).toHaveCount(1);
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(page).toHaveURL('/admin/requestNotificaions');
    await expect(toast(page, 'Program Rejected')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect
      .poll(async () => {
        const mail = await latestMessageTo(trainer.email);
        return mail ? plainText(mail) : '';
      })
      .toContain(`Reason: ${reason}`);

    await signIn(page, trainer);
    await page.goto('/trainerDashboard?view=programmes');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(`Not approved: ${reason}`);
    await row.getByRole('button', { name: `publish ${name}` }).click();
    await expect(row).toContainText('Requested');
    await expect(row).not.toContainText('Not approved');
  });
});
