import type { APIRequestContext } from '@playwright/test';
import { uniqueWord } from '../fixtures/words.js';
import { expect, REFUSED_SUBMISSION, signIn, test } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { apiSubscribe } from './support/subscriptions.js';

/*
 * /account/payments and its receipts (docs/product.md §2.12), reached from the dashboard. The receipt is
 * the API's own printable page, outside the app: it is opened by its link, which loads it whole.
 */

/** Published programmes of a new trainer, named as given. */
async function programmes(request: APIRequestContext, names: string[]): Promise<number[]> {
  const { account: trainer } = await apiTrainer(request, {}, { firstName: 'Rosa', lastName: 'Diaz' });
  const ids: number[] = [];
  for (const program_name of names)
    ids.push(await apiProgram(request, trainer.auth, { program_name, price: 49 }));
  await publishPrograms(request, ids);
  return ids;
}

/** A new member who bought a new programme of the given name. */
async function buyerOf(request: APIRequestContext, name: string): Promise<ApiAccount> {
  const [programId] = await programmes(request, [name]);
  const buyer = await apiAccount(request);
  await apiSubscribe(request, buyer.auth, programId);
  return buyer;
}

/** An order the member opened and never paid. */
async function orderOnly(request: APIRequestContext, member: ApiAccount, programId: number) {
  const order = await request.post('/api/payments/paypal/orders/', {
    headers: member.auth,
    data: { program_id: programId },
  });
  expect(order.status()).toBe(201);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`payment history, with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    // The refused receipt is answered 404, which the browser logs.
    test.use({ javaScriptEnabled, expectedConsoleErrors: [REFUSED_SUBMISSION] });

    test('from the dashboard to the payments, newest first, and to a printable receipt', async ({
      page,
      request,
    }) => {
      const paidFirst = `Mobility ${uniqueWord()}`;
      const hostile = `<b>Bold</b> & "Co" ${uniqueWord()}`;
      const unpaid = `Core ${uniqueWord()}`;
      const [first, second, third] = await programmes(request, [paidFirst, hostile, unpaid]);
      const member = await apiAccount(request, { firstName: 'Ana', lastName: 'Lima' });
      await apiSubscribe(request, member.auth, first);
      await apiSubscribe(request, member.auth, second);
      await orderOnly(request, member, third);
      await signIn(page, member);

      await page.goto('/trainerDashboard?view=subscribed');
      await page.getByRole('link', { name: 'Payment history' }).click();
      await expect(page).toHaveURL('/account/payments');
      await expect(page.getByRole('heading', { name: 'Payment history', level: 1 })).toBeVisible();
      const rows = page.getByRole('table', { name: 'Payments' }).getByRole('row');
      await expect(rows).toHaveCount(4);
      await expect(rows.nth(1)).toContainText(unpaid);
      await expect(rows.nth(1)).toContainText('Not completed');
      await expect(rows.nth(1).getByRole('link', { name: /^Receipt/ })).toHaveCount(0);
      await expect(rows.nth(2)).toContainText(hostile);
      await expect(rows.nth(2)).toContainText('$49.00');
      await expect(rows.nth(2)).toContainText('Paid');
      await expect(rows.nth(3).getByRole('link', { name: paidFirst, exact: true })).toHaveAttribute(
        'href',
        `/programDetails/${first}`,
      );

      await rows
        .nth(2)
        .getByRole('link', { name: /^Receipt FC-\d{4}-\d{6} for / })
        .click();
      await expect(page).toHaveURL(/\/account\/payments\/\d+\/receipt$/);
      await expect(page.getByRole('heading', { name: /^Receipt FC-\d{4}-\d{6}$/ })).toBeVisible();
      const receipt = page.getByRole('table');
      await expect(receipt.getByRole('row', { name: /^Programme/ })).toHaveText(`Programme${hostile}`);
      await expect(receipt.getByRole('row', { name: /^Amount/ })).toHaveText('Amount$49.00');
      await expect(receipt.getByRole('row', { name: /^Buyer/ })).toContainText('Ana Lima');
      await expect(receipt.getByRole('row', { name: /^Seller/ })).toContainText('Rosa Diaz');

      await page.getByRole('link', { name: 'Back to your payments' }).click();
      await expect(page).toHaveURL('/account/payments');
    });

    test('a member who never paid is told so, and cannot open another member’s receipt', async ({
      page,
      request,
    }) => {
      const buyer = await buyerOf(request, `Stretch ${uniqueWord()}`);
      const [paid] = (await (await request.get('/api/payments/mine/', { headers: buyer.auth })).json()) as {
        id: number;
      }[];
      const member = await apiAccount(request);
      await signIn(page, member);

      await page.goto('/account/payments');
      await expect(page.getByText('You have not paid for any programme yet.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Find Programmes' })).toHaveAttribute(
        'href',
        '/programmes',
      );

      const refused = await page.goto(`/account/payments/${paid.id}/receipt`);
      expect(refused?.status()).toBe(404);
      await expect(page.getByText('Receipt not found')).toBeVisible();
    });

    test('a visitor who is not signed in is sent to sign in first', async ({ page }) => {
      await page.goto('/account/payments');
      await expect(page).toHaveURL('/login?redirectTo=%2Faccount%2Fpayments');
    });
  });
}

test.describe('payment history in the visitor’s language', () => {
  test.use({ javaScriptEnabled: false, locale: 'de-DE' });

  test('writes amounts and days as a German browser asks, on the list and on the receipt', async ({
    page,
    request,
  }) => {
    const member = await buyerOf(request, `Balance ${uniqueWord()}`);
    await signIn(page, member);

    await page.goto('/account/payments');
    const row = page.getByRole('table', { name: 'Payments' }).getByRole('row').nth(1);
    await expect(row).toContainText('49,00 $');
    await expect(row).toContainText(/\d{1,2}\. \p{L}+ \d{4}/u);
    await row.getByRole('link', { name: /^Receipt/ }).click();
    await expect(page.getByRole('table').getByRole('row', { name: /^Amount/ })).toHaveText('Amount49,00 $');
  });
});
