import { expect, signInAndFollow, test, toast } from './support/accounts.js';
import { seedFailedMail } from './support/failed-jobs.js';
import { latestMessageTo, plainText } from './support/mail.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The admin panel's Failed Jobs (docs/decisions/035-dead-letters-and-bounded-waits.md) without JavaScript: a job that
 * failed its last attempt is listed with its queue, name, attempts, error and time, and Retry runs it again.
 */

test.use({ javaScriptEnabled: false });

test('a superuser finds a failed mail under Failed Jobs and retries it once', async ({ page, superuser }) => {
  const to = `failed-${uniqueWord()}@example.com`;
  const programName = `Dead Letter ${uniqueWord()}`;
  const id = await seedFailedMail(
    { to, firstName: 'Fay', programName, reason: 'The lessons have no videos.' },
    'connect ECONNREFUSED 127.0.0.1:587',
  );

  await signInAndFollow(
    page,
    superuser,
    '/admin/dashboard',
    { role: 'navigation', name: 'Admin sections' },
    'Failed Jobs',
  );
  await expect(page).toHaveURL('/admin/failedJobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Failed Jobs' })).toBeVisible();

  const row = page
    .getByRole('table', { name: 'Failed jobs' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Retry job ${id}, mail.program-rejected` }) });
  await expect(row.getByRole('cell')).toHaveText([
    String(id),
    /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    'mail',
    'mail.program-rejected',
    '5',
    'connect ECONNREFUSED 127.0.0.1:587',
    'Retry',
  ]);

  await row.getByRole('button', { name: /^Retry job/ }).click();
  await expect(toast(page, 'Job queued again')).toBeVisible();
  await expect(page).toHaveURL('/admin/failedJobs');
  await expect.poll(() => latestMessageTo(to)).not.toBeNull();
  expect(plainText((await latestMessageTo(to)) ?? '')).toContain(programName);

  await page.reload();
  const retried = page
    .getByRole('table', { name: 'Failed jobs' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
  await expect(retried.getByRole('cell').last()).toHaveText(/^Queued again \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  await expect(page.getByRole('button', { name: `Retry job ${id}, mail.program-rejected` })).toHaveCount(0);
});
