import { expect, fillLogin, signIn, test } from './support/accounts.js';
import { apiProgramme, apiTrainer } from './support/catalogue.js';

/*
 * The lesson player (/programLesson/{id}) is a placeholder for now: a signed-in user gets its heading, a visitor
 * the login page first.
 */

const HEADING = { level: 1, name: 'Program Lessons', exact: true } as const;

test('/programLesson/{id} shows the trainer who owns the programme its heading', async ({
  page,
  request,
}) => {
  const { account } = await apiTrainer(request);
  const id = await apiProgramme(request, account.auth);
  await signIn(page, account);
  const response = await page.goto(`/programLesson/${id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', HEADING)).toBeVisible();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`/programLesson/{id} with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    test.use({ javaScriptEnabled });

    test('sends a visitor to the login page, and back to the lessons once signed in', async ({
      page,
      request,
    }) => {
      const { account } = await apiTrainer(request);
      const path = `/programLesson/${await apiProgramme(request, account.auth)}`;
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', HEADING)).toHaveCount(0);
      await fillLogin(page, account.email, account.password);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', HEADING)).toBeVisible();
    });
  });
}
