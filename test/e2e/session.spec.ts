import { expect, fillLogin, signIn, test } from './support/accounts.js';
import { apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { uniqueWord } from '../fixtures/words.js';

test.describe('the session', () => {
  test('an expired access token is renewed with the refresh token', async ({ page, context, request }) => {
    // Through the login form: the cookies it sets are checked too.
    const account = await apiAccount(request);
    await page.goto('/login');
    await fillLogin(page, account.email, account.password);
    await expect(page).toHaveURL('/trainerDashboard');
    const cookies = await context.cookies();
    const refresh = cookies.find((cookie) => cookie.name === 'refreshToken');
    expect(refresh?.httpOnly).toBe(true);
    expect(refresh?.sameSite).toBe('Lax');

    // An access token that the API refuses, as it refuses an expired one.
    await context.addCookies([{ name: 'accessToken', value: 'expired.access.token', url: page.url() }]);
    await page.goto('/userProfile');
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Tester' })).toBeVisible();
    const renewed = await context.cookies();
    const access = renewed.find((cookie) => cookie.name === 'accessToken')?.value;
    expect(access).toBeDefined();
    expect(access).not.toBe('expired.access.token');
    // Rotation: the refresh token was replaced too.
    expect(renewed.find((cookie) => cookie.name === 'refreshToken')?.value).not.toBe(refresh?.value);
  });

  test('a refused refresh token signs the visitor out', async ({ page, context, request, baseURL }) => {
    await signIn(page, await apiAccount(request));
    await context.addCookies([
      { name: 'accessToken', value: 'expired.access.token', url: baseURL },
      { name: 'refreshToken', value: 'revoked.refresh.token', url: baseURL },
    ]);
    await page.goto('/userProfile');
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent('/userProfile')}`);
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('accessToken');
    expect(names).not.toContain('refreshToken');
  });

  test('a catalogue page renews an expired access token and still shows the trainer their draft', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { account } = await apiTrainer(request);
    const name = `Draft ${uniqueWord()}`;
    const id = await apiProgram(request, account.auth, { program_name: name });
    await signIn(page, account);
    await context.addCookies([{ name: 'accessToken', value: 'expired.access.token', url: baseURL }]);
    const response = await page.goto(`/programDetails/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const access = (await context.cookies()).find((cookie) => cookie.name === 'accessToken')?.value;
    expect(access).not.toBe('expired.access.token');
  });

  test('a catalogue page is shown anonymously once the session cannot be renewed', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { account } = await apiTrainer(request);
    const id = await apiProgram(request, account.auth);
    await publishPrograms(request, [id]);
    await signIn(page, account);
    await context.addCookies([
      { name: 'accessToken', value: 'expired.access.token', url: baseURL },
      { name: 'refreshToken', value: 'revoked.refresh.token', url: baseURL },
    ]);
    const response = await page.goto(`/programDetails/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Login to view the lessons' })).toBeVisible();
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('accessToken');
  });

  test.describe('forms posted from elsewhere are refused', () => {
    const form = { email: 'someone@example.com', password: 'whatever-password', name__confirm: '' };

    test('another site, on the sign-out action', async ({ request }) => {
      const response = await request.post('/logout', { headers: { Origin: 'https://evil.example' } });
      expect(response.status()).toBe(403);
    });

    test('another scheme of this host, on a page action', async ({ request, baseURL }) => {
      const origin = new URL(baseURL ?? '').origin.replace(/^http:/, 'https:');
      const response = await request.post('/login', { headers: { Origin: origin }, form });
      expect(response.status()).toBe(403);
    });

    test('another site, on a page action', async ({ request }) => {
      const response = await request.post('/login', { headers: { Origin: 'https://evil.example' }, form });
      expect(response.status()).toBe(403);
      expect(response.headers()['set-cookie']).toBeUndefined();
    });
  });
});
