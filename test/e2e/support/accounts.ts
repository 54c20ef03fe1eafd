import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test as base } from '../fixtures.js';
import { latestMessageTo, verificationPath } from './mail.js';
import { runCli } from './process.js';

export interface Account {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A new, unique account; names are letters only, as docs/product.md §5 wants them. */
export function newAccount(): Account {
  return {
    firstName: 'Ada',
    lastName: 'Tester',
    email: `user-${randomUUID().slice(0, 12)}@example.com`,
    password: `pw-${randomUUID().slice(0, 12)}`,
  };
}

/*
 * The API limits sign-ins and registrations per client address, and every test's browser is 127.0.0.1. Each test
 * therefore comes from an address of its own (198.18.0.0/15, reserved for tests), as if through a proxy that the
 * server trusts (loopback): then no test uses up another's allowance.
 */
export function testAddress(): string {
  return `198.${18 + randomInt(2)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export interface Credentials {
  email: string;
  password: string;
}

export const test = base.extend<object, { superuser: Credentials }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': testAddress() });
  },
  /** A superuser shared by the tests of a worker (`sharedSuperuser`). */
  superuser: [
    // Playwright reads a fixture's dependencies from its destructured first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await sharedSuperuser());
    },
    { scope: 'worker' },
  ],
});

export { expect };

/** A refused form is answered with a 4xx status, which the browser logs when JavaScript fetches the answer. */
export const REFUSED_SUBMISSION = /Failed to load resource: the server responded with a status of 4\d\d/;

/** The header's toasts with JavaScript, the inline alerts (inside <noscript>) without. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The path of the newest verification link sent to `email`, once it is not `previous`. */
export async function verificationLinkFor(email: string, previous?: string): Promise<string> {
  const found: { path?: string } = {};
  await expect
    .poll(async () => {
      const message = await latestMessageTo(email);
      const path = message ? verificationPath(message) : undefined;
      found.path = path === previous ? undefined : path;
      return found.path;
    })
    .toBeDefined();
  return found.path ?? '';
}

export async function fillRegistration(page: Page, account: Account, password2 = account.password) {
  await page.goto('/register');
  await page.getByLabel('First Name').fill(account.firstName);
  await page.getByLabel('Last Name').fill(account.lastName);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel('Re-enter Password').fill(password2);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

export async function register(page: Page, account: Account) {
  await fillRegistration(page, account);
  await expect(page).toHaveURL('/login');
  await expect(toast(page, 'Verification link sent to your email')).toBeVisible();
}

/** Opens the verification link: with JavaScript the page posts it by itself, without it the visitor presses. */
export async function verify(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Verify my e-mail' }).click();
  await expect(page).toHaveURL('/login');
  await expect(toast(page, 'Account Activated')).toBeVisible();
}

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Registers and verifies a new account, through the pages. */
export async function verifiedAccount(page: Page, javaScriptEnabled: boolean): Promise<Account> {
  const account = newAccount();
  await register(page, account);
  await verify(page, await verificationLinkFor(account.email), javaScriptEnabled);
  return account;
}

/** The access token of a sign-in through the API. */
export async function accessToken(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const response = await request.post('/api/token/', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

/**
 * Signs the browser of `page` in as the login page does, without the page: the token pair of a sign-in through
 * `POST /api/token/` in the session cookies (web/app/utils/session.server.ts). For the tests whose subject is not
 * the login form. With `path`, the signed-in browser then opens it.
 */
export async function signIn(page: Page, { email, password }: Credentials, path?: string): Promise<void> {
  const response = await page.request.post('/api/token/', { data: { email, password } });
  expect(response.status()).toBe(200);
  const { access, refresh } = (await response.json()) as { access: string; refresh: string };
  const url = test.info().project.use.baseURL;
  await page.context().addCookies([
    { name: 'accessToken', value: access, url, httpOnly: true, sameSite: 'Lax' },
    { name: 'refreshToken', value: refresh, url, httpOnly: true, sameSite: 'Lax' },
  ]);
  if (path !== undefined) await page.goto(path);
}

/** Signs in, opens `path` and follows the link named `link` in the landmark `within` there, as a user reaches a section. */
export async function signInAndFollow(
  page: Page,
  credentials: Credentials,
  path: string,
  within: { role: 'navigation' | 'region'; name: string },
  link: string,
): Promise<void> {
  await signIn(page, credentials, path);
  await page.getByRole(within.role, { name: within.name }).getByRole('link', { name: link }).click();
}

/** A superuser made with `npm run create-superuser` on the server's own data. */
export async function superuserAccount(): Promise<Credentials> {
  const admin = { email: `admin-${randomUUID().slice(0, 12)}@example.com`, password: `pw-${randomUUID()}` };
  await runCli('api/dist/cli/create-superuser.js', ['--email', admin.email, '--password', admin.password], {
    DATA_DIR: process.env.E2E_DATA_DIR ?? '',
  });
  return admin;
}

let workerSuperuser: Promise<Credentials> | undefined;

/**
 * One superuser per worker process, made on first use: the CLI takes a second or more, and signing in many times
 * as one account is harmless (only failed sign-ins count against it). Tests must not change it.
 */
export function sharedSuperuser(): Promise<Credentials> {
  workerSuperuser ??= superuserAccount();
  return workerSuperuser;
}

/** The Authorization header of the worker's superuser (`sharedSuperuser`). */
export async function superuserAuth(request: APIRequestContext): Promise<Record<string, string>> {
  const admin = await sharedSuperuser();
  return { Authorization: `Bearer ${await accessToken(request, admin.email, admin.password)}` };
}

/** Blocks the account as a superuser. */
export async function blockAccount(request: APIRequestContext, account: Account) {
  const asAdmin = await superuserAuth(request);
  const asUser = { Authorization: `Bearer ${await accessToken(request, account.email, account.password)}` };
  const { id } = (await (await request.get('/api/users/me/', { headers: asUser })).json()) as { id: number };
  const blocked = await request.get(`/api/users/changeUserAccess/${id}/`, { headers: asAdmin });
  expect(await blocked.json()).toEqual({ message: 'User Blocked' });
}
