// Over 300 lines on purpose: the checkout journeys (test provider, PayPal redirect, PayPal's buttons, failures) share
// one local PayPal server started once for the file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FollowedProgramsResponse, PAYMENT_MESSAGES, SUBSCRIPTION_MESSAGES } from '@fitcoach/contracts';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { type FakePayPal, startFakePayPal } from '../fixtures/paypal-server.js';
import { expect, REFUSED_SUBMISSION, signIn, test, toast } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { freePort, listening, startServer, stopServers } from './support/process.js';

/*
 * The checkout of /programDetails/{id} (docs/product.md §2.6 Programme details): with the test payment provider,
 * the default of the tests' server without PayPal credentials, and at the end with PayPal against a local PayPal.
 */

const PRICE = 499;
const SUBSCRIBE = `Subscribe at just $${PRICE}.00`;
const TRANSACTION_COMPLETED = /^Transaction completed by Ada Tester$/;

/** A published programme of a new trainer. */
async function publishedProgram(request: APIRequestContext) {
  const { account: trainer } = await apiTrainer(request);
  const id = await apiProgram(request, trainer.auth, { price: PRICE });
  await publishPrograms(request, [id]);
  return { trainer, id };
}

/** A new member, signed in on the page of a new published programme, `query` (a checkout step) appended. */
async function memberOnProgramme(page: Page, request: APIRequestContext, query = '') {
  const { id } = await publishedProgram(request);
  const member = await apiAccount(request);
  await signIn(page, member, `/programDetails/${id}${query}`);
  return { id, member };
}

/** Buys the programme through the API, as another tab of the member would. */
async function buyThroughApi(request: APIRequestContext, member: ApiAccount, programId: number) {
  const order = await request.post('/api/payments/paypal/orders/', {
    headers: member.auth,
    data: { program_id: programId },
  });
  expect(order.status()).toBe(201);
  const { id } = (await order.json()) as { id: string };
  const capture = await request.post(`/api/payments/paypal/orders/${id}/capture/`, { headers: member.auth });
  expect(capture.status()).toBe(200);
}

const subscribeLink = (page: Page) => page.getByRole('link', { name: SUBSCRIBE });
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

test.describe('the checkout with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('a member pays with the test provider, lands on the lessons, then unsubscribes after the warning', async ({
    page,
    request,
  }) => {
    const { id } = await memberOnProgramme(page, request);
    await expect(page.getByText('Subscribe to view the lessons')).toBeVisible();

    await subscribeLink(page).click();
    await expect(page).toHaveURL(`/programDetails/${id}?checkout=1`);
    await expect(heading(page, 'Payment')).toBeVisible();
    await expect(page.getByText(`: $${PRICE}.00`)).toBeVisible();
    // Without PayPal credentials nothing else is offered: the labelled test payment.
    await expect(page.getByRole('button', { name: 'Pay with PayPal' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay (test payment)' }).click();

    await expect(page).toHaveURL(`/programLesson/${id}`);
    await expect(toast(page, TRANSACTION_COMPLETED)).toBeVisible();

    await page.goto(`/programDetails/${id}`);
    await expect(page.getByRole('link', { name: 'Go to Lessons' })).toHaveAttribute(
      'href',
      `/programLesson/${id}`,
    );
    await expect(subscribeLink(page)).toHaveCount(0);
    await expect(page.getByText('Subscribe to view the lessons')).toHaveCount(0);

    await page.getByRole('link', { name: 'UnSubscribe' }).click();
    await expect(heading(page, 'Warning')).toBeVisible();
    await expect(page.getByText('Are you sure you want to unsubscribe?')).toBeVisible();
    await expect(page.getByText('You will have to pay again to resubscribe later.')).toBeVisible();
    await expect(page.getByText('No refund is made automatically.')).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();

    await expect(page).toHaveURL(`/programDetails/${id}`);
    await expect(toast(page, SUBSCRIPTION_MESSAGES.unsubscribed)).toBeVisible();
    await expect(subscribeLink(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Lessons' })).toHaveCount(0);
    await expect(page.getByText('Subscribe to view the lessons')).toBeVisible();
  });

  test('the Cancel buttons close the Payment and Warning steps and change nothing', async ({
    page,
    request,
  }) => {
    const { id, member } = await memberOnProgramme(page, request, '?checkout=1');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`/programDetails/${id}`);
    await expect(heading(page, 'Payment')).toHaveCount(0);
    await expect(subscribeLink(page)).toBeVisible();

    await buyThroughApi(request, member, id);
    await page.goto(`/programDetails/${id}?confirm=unsubscribe`);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`/programDetails/${id}`);
    await expect(heading(page, 'Warning')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to Lessons' })).toBeVisible();
  });

  test('trainers get no Subscribe button; the owner may preview the lessons', async ({ page, request }) => {
    const { trainer, id } = await publishedProgram(request);
    await signIn(page, trainer, `/programDetails/${id}`);
    await expect(page.getByRole('link', { name: 'Preview lessons' })).toHaveAttribute(
      'href',
      `/programLesson/${id}`,
    );
    await expect(page.getByRole('link', { name: SUBSCRIBE })).toHaveCount(0);
    await expect(page.getByRole('button', { name: SUBSCRIBE })).toHaveCount(0);

    const { account: other } = await apiTrainer(request);
    await page.context().clearCookies();
    await signIn(page, other, `/programDetails/${id}?checkout=1`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: SUBSCRIBE })).toHaveCount(0);
    await expect(page.getByRole('button', { name: SUBSCRIBE })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Preview lessons' })).toHaveCount(0);
    await expect(heading(page, 'Payment')).toHaveCount(0);
  });

  test.describe('refusals', () => {
    // The refusal is answered with its 4xx status, which Chromium logs for the document too.
    test.use({ expectedConsoleErrors: [REFUSED_SUBMISSION] });

    test('tells a signed-out visitor to log in first', async ({ page, request }) => {
      const { id } = await publishedProgram(request);
      await page.goto(`/programDetails/${id}`);
      await expect(page.getByRole('link', { name: 'Login to view the lessons' })).toBeVisible();
      await page.getByRole('button', { name: SUBSCRIBE }).click();
      await expect(toast(page, SUBSCRIPTION_MESSAGES.loginFirst)).toBeVisible();
      await expect(heading(page, 'Payment')).toHaveCount(0);
    });

    test("a refused payment shows the API's message and leaves the page as it was", async ({
      page,
      request,
    }) => {
      const { id, member } = await memberOnProgramme(page, request, '?checkout=1');
      // Another tab buys first: this one's payment is refused as a second purchase.
      await buyThroughApi(request, member, id);
      await page.getByRole('button', { name: 'Pay (test payment)' }).click();

      await expect(toast(page, SUBSCRIPTION_MESSAGES.alreadySubscribed)).toBeVisible();
      await expect(page).toHaveURL(`/programDetails/${id}?checkout=1`);
      await page.goto(`/programDetails/${id}`);
      await expect(page.getByRole('link', { name: 'Go to Lessons' })).toBeVisible();
    });
  });

  test("PayPal's return URL sends a signed-out member to sign in and back to it", async ({ page }) => {
    const path = '/checkout/paypal/return?token=ORDER-1&PayerID=PAYER-1';
    await page.goto(path);
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
  });

  test("PayPal's return URL with an order that is not the member's lands on the programmes with the API's message", async ({
    page,
    request,
  }) => {
    const member = await apiAccount(request);
    await signIn(page, member, '/checkout/paypal/return?token=ORDER-UNKNOWN&PayerID=PAYER-1');
    await expect(page).toHaveURL('/programmes');
    await expect(toast(page, 'Order not found')).toBeVisible();
  });
});

test.describe('the checkout with JavaScript enabled', () => {
  test('a member pays with the test provider from the Payment modal', async ({ page, request }) => {
    const { id } = await memberOnProgramme(page, request);
    await subscribeLink(page).click();
    const modal = page.getByRole('dialog', { name: 'Payment' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Pay (test payment)' }).click();
    await expect(page).toHaveURL(`/programLesson/${id}`);
    await expect(toast(page, TRANSACTION_COMPLETED)).toBeVisible();
  });

  test("PayPal's buttons create the order through the site's route, as the signed-in member", async ({
    page,
    request,
    baseURL,
  }) => {
    const { id } = await publishedProgram(request);
    const member = await apiAccount(request);
    const post = (program: string, origin = baseURL ?? '') =>
      page.request.post('/checkout/paypal/orders', {
        form: { program, currency: 'USD' },
        headers: { Origin: origin },
      });

    expect((await post(String(id))).status()).toBe(401);
    await signIn(page, member);
    expect((await post(String(id), 'https://elsewhere.example')).status()).toBe(403);
    expect((await post('abc')).status()).toBe(404);
    const created = await post(String(id));
    expect(created.status()).toBe(201);
    expect(await created.json()).toEqual({ id: expect.stringMatching(/^TEST-/) });
  });

  test('a subscriber unsubscribes from the Warning modal', async ({ page, request }) => {
    const { id } = await publishedProgram(request);
    const member = await apiAccount(request);
    await buyThroughApi(request, member, id);
    await signIn(page, member, `/programDetails/${id}`);
    await page.getByRole('link', { name: 'UnSubscribe' }).click();
    const modal = page.getByRole('dialog', { name: 'Warning' });
    await expect(modal.getByText('Are you sure you want to unsubscribe?')).toBeVisible();
    await modal.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await expect(toast(page, SUBSCRIPTION_MESSAGES.unsubscribed)).toBeVisible();
    await expect(subscribeLink(page)).toBeVisible();
  });
});

/*
 * PayPal, against the local PayPal of test/fixtures/paypal-server.ts: a second server process with PayPal
 * credentials pointing at it, its own SQLite database and the demo content (a member, published programmes).
 * PayPal's JS SDK is not imitated: the local PayPal answers its script with an error, so with JavaScript the page
 * logs docs/product.md §8's warning and the member pays through the redirect button, as without JavaScript.
 */
test.describe('the checkout through PayPal', () => {
  // Chromium logs the error answer to the SDK's script.
  test.use({
    expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 40[14]/],
  });

  const DEMO_MEMBER = { email: 'demo@fitcoach.local', password: 'demo-password' };
  const DEMO_ADMIN = { email: 'admin@fitcoach.local', password: 'admin-password' };
  // The payer's name is the one of the PayPal account that approved (the local PayPal's buyer).
  const PAID_BY_PAYPAL_PAYER = /^Transaction completed by John Doe$/;
  let paypal: FakePayPal;
  let site: string;
  let programs: number[];

  test.beforeAll(async ({ playwright }) => {
    paypal = await startFakePayPal();
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    const server = startServer({
      ...paypal.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'fitcoach-checkout-')),
      PORT: String(port),
      PUBLIC_URL: site,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
    });
    await listening(server);
    // Published programmes that the demo member does not follow yet, one per test.
    const api = await playwright.request.newContext({ baseURL: site });
    const signedIn = await api.post('/api/token/', { data: DEMO_MEMBER });
    const { access } = (await signedIn.json()) as { access: string };
    const followed = await api.get('/api/users/getFollowedPrograms/', {
      headers: { Authorization: `Bearer ${access}` },
    });
    expect(followed.status()).toBe(200);
    const following = new Set(
      ((await followed.json()) as FollowedProgramsResponse[]).flatMap((entry) =>
        entry.program.map((p) => p.id),
      ),
    );
    const listed = await api.get('/api/fitness_programs/retrive_all/?page=1&page_size=12');
    programs = ((await listed.json()) as { id: number }[])
      .map((program) => program.id)
      .filter((id) => !following.has(id))
      .slice(0, 5);
    expect(programs).toHaveLength(5);
    await api.dispose();
  });

  test.afterAll(async () => {
    stopServers();
    await paypal.close();
  });

  /** Signs the demo member in to the PayPal server in `page`'s browser, as `signIn` does for the tests' server. */
  async function signInDemoMember(page: Page) {
    const signedIn = await page.request.post(`${site}/api/token/`, { data: DEMO_MEMBER });
    expect(signedIn.status()).toBe(200);
    const { access, refresh } = (await signedIn.json()) as { access: string; refresh: string };
    await page.context().addCookies([
      { name: 'accessToken', value: access, url: site, httpOnly: true, sameSite: 'Lax' },
      { name: 'refreshToken', value: refresh, url: site, httpOnly: true, sameSite: 'Lax' },
    ]);
  }

  /** Opens the Payment step of programme `id` and presses "Pay with PayPal": the browser is at PayPal then. */
  async function payWithPayPal(page: Page, id: number) {
    await page.goto(`${site}/programDetails/${id}`);
    await page.getByRole('link', { name: /^Subscribe at just / }).click();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await expect(page).toHaveURL(new RegExp(`^${paypal.url}/checkoutnow\\?token=`));
  }

  const approveAtPayPal = (page: Page) => page.getByRole('button', { name: 'Log In and Pay' }).click();

  test.describe('with JavaScript', () => {
    test('the SDK that fails to load is logged as a warning, and the redirect to PayPal pays', async ({
      page,
    }) => {
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      // The SDK's request is held until the page has shown that it waits for it.
      const sdk: { request?: Request; answer?: () => Promise<void> } = {};
      await page.route(`${paypal.url}/sdk/js?*`, (route) => {
        sdk.request = route.request();
        sdk.answer = () => route.continue();
      });
      const id = programs[0] ?? 0;
      await signInDemoMember(page);
      await page.goto(`${site}/programDetails/${id}`);
      await page.getByRole('link', { name: /^Subscribe at just / }).click();
      const modal = page.getByRole('dialog', { name: 'Payment' });
      await expect(modal.getByText('LOADING...')).toBeVisible();
      await expect.poll(() => sdk.answer).toBeDefined();
      const query = new URL(sdk.request?.url() ?? '').searchParams;
      expect([query.get('client-id'), query.get('intent')]).toEqual([paypal.clientId, 'capture']);
      await sdk.answer?.();
      await expect.poll(() => warnings).toContain('Failed to load the PayPal JS SDK script.');
      await expect(modal.getByText('LOADING...')).toHaveCount(0);

      await modal.getByRole('button', { name: 'Pay with PayPal' }).click();
      await expect(page).toHaveURL(new RegExp(`^${paypal.url}/checkoutnow\\?token=`));
      await approveAtPayPal(page);
      await expect(page).toHaveURL(`${site}/programLesson/${id}`);
      await expect(toast(page, PAID_BY_PAYPAL_PAYER)).toBeVisible();
    });
  });

  test.describe('with JavaScript and a stand-in for the SDK', () => {
    // PayPal's buttons as far as the page uses them: createOrder on a press, onApprove once the buyer approved.
    const FAKE_SDK = `
      window.paypal = {
        Buttons: (options) => ({
          render: async (container) => {
            const pay = document.createElement('button');
            pay.type = 'button';
            pay.textContent = 'PayPal (stand-in)';
            pay.onclick = () =>
              options.createOrder().then((id) => {
                const approve = document.createElement('button');
                approve.type = 'button';
                approve.textContent = 'Approved order ' + id;
                approve.onclick = () => options.onApprove({ orderID: id });
                container.appendChild(approve);
              }, options.onError);
            container.appendChild(pay);
          },
        }),
      };`;

    test("the buttons' order is created by the site, and their approval is captured and shows the lessons", async ({
      page,
    }) => {
      await page.route(`${paypal.url}/sdk/js?*`, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: FAKE_SDK }),
      );
      const id = programs[3] ?? 0;
      await signInDemoMember(page);
      await page.goto(`${site}/programDetails/${id}?checkout=1`);
      const modal = page.getByRole('dialog', { name: 'Payment' });
      await modal.getByRole('button', { name: 'PayPal (stand-in)' }).click();
      const approved = modal.getByRole('button', { name: /^Approved order / });
      const orderId = ((await approved.textContent()) ?? '').replace('Approved order ', '');
      expect(paypal.orders.get(orderId)?.customId).toBe(String(id));
      // The buyer approves in PayPal's window.
      paypal.approve(orderId);
      await approved.click();

      await expect(page).toHaveURL(`${site}/programLesson/${id}`);
      await expect(toast(page, PAID_BY_PAYPAL_PAYER)).toBeVisible();
      expect(paypal.orders.get(orderId)?.status).toBe('COMPLETED');
    });

    test("reached from the programme's page, the Payment step is loaded as a page of its own, whose policy lets PayPal's buttons run", async ({
      page,
    }) => {
      await page.route(`${paypal.url}/sdk/js?*`, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: FAKE_SDK }),
      );
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) blocked.push(message.text());
      });
      const id = programs[2] ?? 0;
      await signInDemoMember(page);
      const programmePage = await page.goto(`${site}/programDetails/${id}`);
      expect(programmePage?.headers()['content-security-policy']).not.toContain('paypal');
      const checkoutPage = page.waitForResponse(
        (res) => res.request().resourceType() === 'document' && res.url().endsWith('?checkout=1'),
        { timeout: 10_000 },
      );
      await page.getByRole('link', { name: /^Subscribe at just / }).click();
      expect((await checkoutPage).headers()['content-security-policy']).toContain('https://*.paypal.com');
      const modal = page.getByRole('dialog', { name: 'Payment' });
      await expect(modal.getByRole('button', { name: 'PayPal (stand-in)' })).toBeVisible();
      expect(blocked).toEqual([]);
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test("a member approves at PayPal and PayPal's return lands on the lessons", async ({ page }) => {
      const id = programs[1] ?? 0;
      await signInDemoMember(page);
      await payWithPayPal(page, id);
      const captures = paypal.calls.capture;
      await approveAtPayPal(page);
      await expect(page).toHaveURL(`${site}/programLesson/${id}`);
      await expect(toast(page, PAID_BY_PAYPAL_PAYER)).toBeVisible();
      expect(paypal.calls.capture).toBe(captures + 1);
    });

    test('a programme withdrawn while the member was at PayPal is not charged, and the return says so', async ({
      page,
    }) => {
      const id = programs[4] ?? 0;
      await signInDemoMember(page);
      await payWithPayPal(page, id);
      // A superuser unpublishes it meanwhile.
      const admin = await page.request.post(`${site}/api/token/`, { data: DEMO_ADMIN });
      const { access } = (await admin.json()) as { access: string };
      const unpublished = await page.request.get(`${site}/api/fitness_programs/changePublishStatus/${id}/`, {
        headers: { Authorization: `Bearer ${access}` },
      });
      expect(unpublished.status()).toBe(200);
      const captures = paypal.calls.capture;
      await approveAtPayPal(page);
      await expect(page).toHaveURL(`${site}/programmes`);
      await expect(
        toast(page, 'This programme is no longer available, so you were not charged.'),
      ).toBeVisible();
      expect(paypal.calls.capture).toBe(captures);
    });

    test("a declined payment is told on the programme's page, and paying again works", async ({ page }) => {
      const id = programs[2] ?? 0;
      await signInDemoMember(page);
      await payWithPayPal(page, id);
      paypal.failNextCapture('declined');
      await approveAtPayPal(page);
      await expect(page).toHaveURL(`${site}/programDetails/${id}`);
      await expect(toast(page, PAYMENT_MESSAGES.declined)).toBeVisible();
      await expect(page.getByRole('link', { name: /^Subscribe at just / })).toBeVisible();

      await payWithPayPal(page, id);
      await approveAtPayPal(page);
      await expect(page).toHaveURL(`${site}/programLesson/${id}`);
      await expect(toast(page, PAID_BY_PAYPAL_PAYER)).toBeVisible();
    });
  });
});
