import { expect, signIn, test, testAddress } from './support/accounts.js';
import {
  apiAccount,
  apiProgram,
  apiTrainer,
  publishPrograms,
  requestPublication,
} from './support/catalogue.js';
import { apiSubscribe } from './support/subscriptions.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The admin panel's dashboard (docs/product.md §2.11), without JavaScript: the totals, Top Programs with a
 * programme's subscribers and revenue, and the chart of the last 30 days.
 */

test.use({ javaScriptEnabled: false });

test("a superuser reads the dashboard's totals and top programmes", async ({
  page,
  superuser,
  playwright,
}) => {
  const { account: trainer } = await apiTrainer(
    page.request,
    {},
    { firstName: 'Dora', lastName: 'Dashboard' },
  );
  const name = `Best seller ${uniqueWord()}`;
  const id = await apiProgram(page.request, trainer.auth, { program_name: name, price: 20 });
  await publishPrograms(page.request, [id]);
  // More subscribers than any other test gives a programme, so it is among the top five.
  for (let i = 0; i < 6; i += 1) {
    // Each buyer from an address of their own: registrations are limited per address.
    const request = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': testAddress() },
    });
    const buyer = await apiAccount(request);
    await apiSubscribe(request, buyer.auth, id);
    await request.dispose();
  }

  await signIn(page, superuser, '/admin/dashboard');
  await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Users',
    'Trainers',
    'Programs',
    'Pending Approvals',
    'Reviews',
    'Failed Jobs',
  ]);
  // The panel's pages sit inside the site's one main landmark, not a second one of their own.
  await expect(page.getByRole('main')).toHaveCount(1);
  for (const figure of ['Users', 'Trainers', 'Programs', 'Active subscriptions', 'Revenue']) {
    await expect(page.getByText(figure, { exact: true }).first()).toBeVisible();
  }
  const row = page.getByRole('table', { name: 'Top Programs' }).getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell')).toHaveText([name, '6', 'Dora Dashboard', '$120.00']);
  await expect(
    page.getByRole('img', { name: 'New subscriptions per day over the last 30 days' }),
  ).toBeVisible();
  await page.getByText('The figures per day').click();
  const today = new Date().toISOString().slice(0, 10);
  await expect(
    page.getByRole('table', { name: 'Per day' }).getByRole('row', { name: new RegExp(today) }),
  ).toHaveCount(1);
});

test('a superuser blocks a member after confirming, then unblocks them; the member is refused, then let in', async ({
  page,
  superuser,
}) => {
  const member = await apiAccount(page.request, { firstName: 'Bob', lastName: 'Blockable' });
  await signIn(page, superuser, '/admin/users');
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(member.email) });
  await expect(row.getByRole('cell').nth(3)).toContainText('Active');
  await row.getByRole('link', { name: 'Block' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block Bob Blockable?' });
  await dialog.getByRole('button', { name: 'Yes, block' }).click();
  await expect(page).toHaveURL('/admin/users');
  await expect(row.getByRole('cell').nth(3)).toContainText('Blocked');
  const refused = await page.request.post('/api/token/', {
    data: { email: member.email, password: member.password },
  });
  expect(refused.status()).toBe(403);

  await row.getByRole('button', { name: 'Unblock' }).click();
  await expect(row.getByRole('cell').nth(3)).toContainText('Active');
  const allowed = await page.request.post('/api/token/', {
    data: { email: member.email, password: member.password },
  });
  expect(allowed.status()).toBe(200);
});

test('a superuser publishes a programme waiting for approval, then blocks it from the Programs list', async ({
  page,
  superuser,
  playwright,
}) => {
  // What a visitor sees: a request context without the superuser's session cookies.
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const { account: trainer } = await apiTrainer(page.request);
  const name = `Awaiting ${uniqueWord()}`;
  const id = await apiProgram(page.request, trainer.auth, { program_name: name });
  await requestPublication(page.request, trainer.auth, [id]);

  await signIn(page, superuser, '/admin/requestNotificaions');
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: 'Publish' }).click();
  await expect(card).toHaveCount(0);
  const shown = await visitor.get(`/api/fitness_programs/get_programme/${id}/`);
  expect(shown.status()).toBe(200);

  await page.goto('/admin/fitnessPrograms');
  const row = page.getByRole('table', { name: 'Programs' }).getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell').nth(3)).toHaveText('Published');
  await row.getByRole('button', { name: 'Block' }).click();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Blocked');
  const hidden = await visitor.get(`/api/fitness_programs/get_programme/${id}/`);
  expect(hidden.status()).toBe(404);
  await visitor.dispose();
});

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true });

  test('a member who comes online appears in Online Users without a reload, and leaves it', async ({
    page,
    superuser,
    browser,
  }) => {
    const member = await apiAccount(page.request, { firstName: 'Nia', lastName: 'Newcomer' });
    await signIn(page, superuser, '/admin/dashboard');
    const online = page.getByRole('table', { name: 'Online Users' });
    await expect(online).not.toContainText(member.email);

    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': testAddress() },
    });
    const elsewhere = await context.newPage();
    await signIn(elsewhere, member);
    await elsewhere.goto('/programmes');
    await expect(online.getByRole('row', { name: /Nia Newcomer/ })).toContainText(member.email);
    await context.close();
    await expect(online).not.toContainText(member.email);
  });
});
