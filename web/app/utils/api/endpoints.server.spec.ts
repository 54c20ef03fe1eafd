// Over 300 lines on purpose: every case shares the one fake API below, which each half of a split would repeat.
import { afterAll, afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { RouteArgs } from '../session.server';
import { type Answer, type Sent, startFakeApi } from './fake-api.testing';

type Server = (sent: Sent) => Answer;

let server: Server;
const fakeApi = await startFakeApi((request) => server(request));
const sent = fakeApi.sent;
// The web's modules read API_INTERNAL_URL when they load: imported once the fake API listens.
process.env.API_INTERNAL_URL = fakeApi.url;
const { api } = await import('./endpoints.server');
const { getSession } = await import('../session.server');

beforeEach(() => {
  sent.length = 0;
});

afterEach(() => {
  jest.restoreAllMocks();
});

afterAll(() => fakeApi.close());

const USER = { id: 1, first_name: 'Ada' };
const RENEWED = { access: 'access.two', refresh: 'refresh.two' };
const expired = { status: 401, body: { statusCode: 401, message: 'Token is invalid or expired' } };

function visitor(cookie = 'accessToken=access.one; refreshToken=refresh.one'): RouteArgs {
  const headers = { Cookie: cookie, 'X-Forwarded-For': '203.0.113.7' };
  return { request: new Request('http://localhost/userProfile', { headers }), context: {} };
}

/** An API whose access token `access.one` has expired and whose refresh endpoint answers `refresh`. */
function expiringApi(refresh: Answer): Server {
  return ({ path, headers }) => {
    if (path === '/api/token/refresh/') return refresh;
    return headers.get('Authorization') === 'Bearer access.two' ? { status: 200, body: USER } : expired;
  };
}

const OWNER_VIEW = { id: 7, is_published: false, publish_requested: true };
const PUBLIC_VIEW = { id: 7, is_published: true };

/** A public read that shows its owner more (@OptionalAuth): anonymous, the owner with `access.two`, else 401. */
function optionalAuthApi(refresh: Answer): Server {
  return ({ path, headers }) => {
    if (path === '/api/token/refresh/') return refresh;
    const authorization = headers.get('Authorization');
    if (authorization === null) return { status: 200, body: PUBLIC_VIEW };
    return authorization === 'Bearer access.two' ? { status: 200, body: OWNER_VIEW } : expired;
  };
}

const calls = () => sent.map((call) => [call.path, call.headers.get('Authorization')]);

describe('api', () => {
  it("calls as the visitor: their access token and their address for the API's rate limits", async () => {
    server = () => ({ status: 200, body: USER });
    const result = await api.me(visitor());
    expect(result).toEqual({ ok: true, status: 200, data: USER });
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer access.one');
    expect(sent[0]?.headers.get('X-Forwarded-For')).toBe('203.0.113.7');
  });

  it("passes the visitor's User-Agent, which names the session a sign-in or a renewal keeps", async () => {
    server = expiringApi({ status: 200, body: RENEWED });
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0';
    const { request } = visitor();
    const headers = new Headers(request.headers);
    headers.set('User-Agent', browser);
    await api.me({ request: new Request(request.url, { headers }), context: {} });
    expect(sent.map((call) => [call.path, call.headers.get('User-Agent')])).toEqual([
      ['/api/users/me/', browser],
      ['/api/token/refresh/', browser],
      ['/api/users/me/', browser],
    ]);
  });

  it("inside the API's process, makes each call on a connection of its own from the load context", async () => {
    server = expiringApi({ status: 200, body: RENEWED });
    const args = { ...visitor(), context: { apiConnection: fakeApi.connect } };
    const made = fakeApi.connect.made;
    const result = await api.me(args);
    expect(result).toEqual({ ok: true, status: 200, data: USER });
    expect(calls()).toEqual([
      ['/api/users/me/', 'Bearer access.one'],
      ['/api/token/refresh/', null],
      ['/api/users/me/', 'Bearer access.two'],
    ]);
    expect(sent.map((call) => call.headers.get('X-Forwarded-For'))).toEqual(Array(3).fill('203.0.113.7'));
    expect(fakeApi.connect.made - made).toBe(3);
  });

  it('renews an expired access token once and tries again', async () => {
    server = expiringApi({ status: 200, body: RENEWED });
    const args = visitor();
    const result = await api.me(args);
    expect(result.ok).toBe(true);
    expect(sent.map((call) => call.path)).toEqual([
      '/api/users/me/',
      '/api/token/refresh/',
      '/api/users/me/',
    ]);
    expect(sent[1]?.body).toEqual({ refresh: 'refresh.one' });
    expect(
      getSession(args)
        .setCookies()
        .map((cookie) => cookie.split(';')[0]),
    ).toEqual(['accessToken=access.two', 'refreshToken=refresh.two']);
  });

  it('renews once for all the loaders of a request, since a rotated refresh token works only once', async () => {
    server = expiringApi({ status: 200, body: RENEWED });
    const args = visitor();
    const results = await Promise.all([api.me(args), api.me({ ...args, request: args.request.clone() })]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(sent.filter((call) => call.path === '/api/token/refresh/')).toHaveLength(1);
  });

  it('ends the session when the refresh token is refused', async () => {
    server = expiringApi(expired);
    const args = visitor();
    const result = await api.me(args);
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(sent).toHaveLength(2);
    expect(getSession(args).accessToken).toBeNull();
    expect(
      getSession(args)
        .setCookies()
        .map((cookie) => cookie.split(';')[0]),
    ).toEqual(['accessToken=', 'refreshToken=']);
  });

  it("answers with the refresh endpoint's 403 for a blocked account", async () => {
    const blocked = { statusCode: 403, message: 'You have been temporarly blocked by the Admin' };
    server = expiringApi({ status: 403, body: blocked });
    expect(await api.me(visitor())).toEqual({ ok: false, status: 403, error: blocked });
  });

  it('keeps the session when the API cannot be reached to renew it', async () => {
    server = expiringApi('network-error');
    const args = visitor();
    expect(await api.me(args)).toMatchObject({ ok: false, status: 401 });
    expect(getSession(args).setCookies()).toEqual([]);
  });

  it('tries to renew without an access token when a refresh token is left', async () => {
    server = expiringApi({ status: 200, body: RENEWED });
    expect((await api.me(visitor('refreshToken=refresh.one'))).ok).toBe(true);
    expect(sent[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sends public calls without the token and takes their 401 as the answer', async () => {
    server = () => ({ status: 401, body: { statusCode: 401, message: 'Bad', detail: 'No active account' } });
    const result = await api.login(visitor(), { email: 'ada@example.com', password: 'secret-password' });
    expect(result).toMatchObject({ ok: false, status: 401, error: { detail: 'No active account' } });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.has('Authorization')).toBe(false);
    expect(sent[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('revokes the renewed refresh token on logout when the access token had expired', async () => {
    server = ({ path, headers }) => {
      if (path === '/api/token/refresh/') return { status: 200, body: RENEWED };
      return headers.get('Authorization') === 'Bearer access.two'
        ? { status: 200, body: { message: 'User logged out' } }
        : expired;
    };
    await api.logout(visitor());
    expect(sent.map((call) => [call.path, call.body])).toEqual([
      ['/api/users/logout/', { refresh: 'refresh.one' }],
      ['/api/token/refresh/', { refresh: 'refresh.one' }],
      ['/api/users/logout/', { refresh: 'refresh.two' }],
    ]);
  });

  describe('public reads that show the signed-in visitor more', () => {
    const program = '/api/fitness_programs/get_programme/7/';

    it('renew an expired token and read as the visitor', async () => {
      server = optionalAuthApi({ status: 200, body: RENEWED });
      const args = visitor();
      expect(await api.program(args, 7)).toEqual({ ok: true, status: 200, data: OWNER_VIEW });
      expect(calls()).toEqual([
        [program, 'Bearer access.one'],
        ['/api/token/refresh/', null],
        [program, 'Bearer access.two'],
      ]);
      expect(getSession(args).accessToken).toBe('access.two');
    });

    it('renew once for the reads of a page run side by side', async () => {
      server = optionalAuthApi({ status: 200, body: RENEWED });
      const args = visitor();
      const [trainer, programs] = await Promise.all([
        api.trainer(args, 3),
        api.trainerPrograms({ ...args, request: args.request.clone() }, 3),
      ]);
      expect(trainer.ok && programs.ok).toBe(true);
      expect(sent.filter((call) => call.path === '/api/token/refresh/')).toHaveLength(1);
      expect(sent.at(-1)?.headers.get('Authorization')).toBe('Bearer access.two');
    });

    it('read anonymously once the refused refresh token has ended the session', async () => {
      server = optionalAuthApi(expired);
      const args = visitor();
      expect(await api.program(args, 7)).toEqual({ ok: true, status: 200, data: PUBLIC_VIEW });
      expect(calls()).toEqual([
        [program, 'Bearer access.one'],
        ['/api/token/refresh/', null],
        [program, null],
      ]);
      expect(getSession(args).accessToken).toBeNull();
    });

    it('read anonymously when there is no refresh token, or no API to renew it with', async () => {
      server = optionalAuthApi({ status: 200, body: RENEWED });
      expect(await api.lessons(visitor('accessToken=access.one'), 7)).toMatchObject({
        ok: true,
        status: 200,
      });
      expect(sent.map((call) => call.headers.get('Authorization'))).toEqual(['Bearer access.one', null]);

      sent.length = 0;
      server = optionalAuthApi('network-error');
      const args = visitor();
      expect(await api.program(args, 7)).toEqual({ ok: true, status: 200, data: PUBLIC_VIEW });
      expect(sent.at(-1)?.headers.has('Authorization')).toBe(false);
      expect(getSession(args).setCookies()).toEqual([]);
    });

    it("answer with the refresh endpoint's 403 for a blocked account", async () => {
      const blocked = { statusCode: 403, message: 'You have been temporarly blocked by the Admin' };
      server = optionalAuthApi({ status: 403, body: blocked });
      expect(await api.trainer(visitor(), 3)).toEqual({ ok: false, status: 403, error: blocked });
      expect(sent).toHaveLength(2);
    });

    it('ask once for a visitor without a session', async () => {
      server = optionalAuthApi(expired);
      expect(await api.program(visitor(''), 7)).toEqual({ ok: true, status: 200, data: PUBLIC_VIEW });
      expect(calls()).toEqual([[program, null]]);
    });
  });

  it('sends a profile update as multipart, with the boundary in its content type', async () => {
    server = () => ({ status: 200, body: { message: 'User profile updated successfully' } });
    const form = new FormData();
    form.set('first_name', 'Grace');
    await api.updateUser(visitor(), form);
    expect(sent[0]?.method).toBe('PUT');
    const type = sent[0]?.headers.get('Content-Type') ?? '';
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(type)?.[1];
    expect(boundary).toBeDefined();
    expect(sent[0]?.body).toContain(`--${boundary}`);
    expect(sent[0]?.body).toContain('name="first_name"\r\n\r\nGrace');
  });

  it('reads the total of a paginated list from X-Total-Count and sends the page asked for', async () => {
    server = () => ({ status: 200, body: [{ id: 3 }], headers: { 'X-Total-Count': '25' } });
    const result = await api.trainers(visitor(), { page: 2, pageSize: 12 });
    expect(result).toMatchObject({ ok: true, data: { items: [{ id: 3 }], total: 25 } });
    expect(sent[0]?.path + (sent[0]?.search ?? '')).toBe('/api/trainers/allTrainer/?page=2&page_size=12');
    expect(sent[0]?.headers.has('Authorization')).toBe(false);
  });

  it('leaves empty filters out of the programmes query', async () => {
    server = () => ({ status: 200, body: [] });
    await api.programs(visitor(), { category: 'Yoga', level: '', q: '' }, { page: 1, pageSize: 12 });
    expect(sent[0]?.path).toBe('/api/fitness_programs/retrive_all/');
    expect(sent[0]?.search).toBe('?category=Yoga&page=1&page_size=12');
  });

  it('sends a call again, once, when the kept-alive connection it reused was dropped', async () => {
    server = () => ({ status: 200, body: { status: 'ok' } });
    expect(await api.health(visitor())).toMatchObject({ ok: true });
    let dropped = 0;
    server = () => (dropped++ === 0 ? 'network-error' : { status: 200, body: { status: 'ok' } });
    sent.length = 0;
    expect(await api.health(visitor())).toMatchObject({ ok: true, status: 200 });
    expect(sent.map((call) => call.path)).toEqual(['/api/health', '/api/health']);
  });

  it('takes the empty 204 of a deleted lesson as success', async () => {
    server = () => ({ status: 204 });
    expect(await api.deleteLesson(visitor(), 9)).toEqual({ ok: true, status: 204, data: null });
    expect(sent[0]).toMatchObject({ path: '/api/fitness_programs/DeleteLesson/9/', method: 'DELETE' });
  });

  it('turns an unreachable API and an unreadable answer into failures', async () => {
    server = () => 'network-error';
    expect(await api.health(visitor())).toMatchObject({ ok: false, status: 503 });
    server = () => ({ status: 200, text: '<html>' });
    expect(await api.health(visitor())).toMatchObject({ ok: false, status: 502 });
  });
});

describe('api checkout', () => {
  it('creates an order as the member, sending only the programme and its currency', async () => {
    server = () => ({ status: 201, body: { id: 'ORDER-1', approve_url: null } });
    const result = await api.createOrder(visitor(), 7, 'EUR');
    expect(result).toEqual({ ok: true, status: 201, data: { id: 'ORDER-1', approve_url: null } });
    expect(sent[0]).toMatchObject({
      path: '/api/payments/paypal/orders/',
      method: 'POST',
      body: { program_id: 7, currency: 'EUR' },
    });
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer access.one');
  });

  it('captures the order named by PayPal, its id encoded into the path', async () => {
    server = () => ({ status: 200, body: { message: 'Transaction completed by Ada Tester' } });
    await api.captureOrder(visitor(), 'A/B?C');
    expect(sent[0]).toMatchObject({ path: '/api/payments/paypal/orders/A%2FB%3FC/capture/', method: 'POST' });
  });

  it("waits for the API's own PayPal timeouts (about 15 s a call) rather than the usual 10 s", async () => {
    const timers = jest.spyOn(globalThis, 'setTimeout');
    const cleared = jest.spyOn(globalThis, 'clearTimeout');
    server = () => ({ status: 201, body: { id: 'ORDER-1', approve_url: null } });
    await api.createOrder(visitor(), 7, 'USD');
    await api.captureOrder(visitor(), 'ORDER-1');
    await api.me(visitor());
    const waits: number[] = timers.mock.calls
      .map(([, ms]) => ms)
      .filter((ms) => ms === 10_000 || ms === 40_000);
    expect(waits).toEqual([40_000, 40_000, 10_000]);
    // Each wait ends with its answer.
    const ids = timers.mock.results.filter((_, i) => waits.includes(timers.mock.calls[i]?.[1] ?? 0));
    expect(ids.every(({ value }) => cleared.mock.calls.some(([id]) => id === value))).toBe(true);
  });

  it("asks for a receipt as HTML in the visitor's languages, and passes on its page and policy", async () => {
    server = () => ({
      status: 200,
      text: '<!DOCTYPE html><title>Receipt</title>',
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'",
      },
    });
    const args = visitor();
    args.request.headers.set('Accept-Language', 'de-DE,de;q=0.9');
    const result = await api.receipt(args, 12);
    expect(result).toEqual({
      ok: true,
      status: 200,
      data: { html: '<!DOCTYPE html><title>Receipt</title>', policy: "default-src 'none'" },
    });
    expect(sent[0]).toMatchObject({ path: '/api/payments/mine/12/receipt/', method: 'GET' });
    expect(sent[0]?.headers.get('Accept')).toBe('text/html');
    expect(sent[0]?.headers.get('Accept-Language')).toBe('de-DE,de;q=0.9');
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer access.one');
  });

  it("reads a refused receipt as the API's JSON error", async () => {
    server = () => ({ status: 404, body: { statusCode: 404, message: 'Receipt not found' } });
    expect(await api.receipt(visitor(), 12)).toEqual({
      ok: false,
      status: 404,
      error: { statusCode: 404, message: 'Receipt not found' },
    });
  });

  it("unfollows with the GET of the API and the member's token", async () => {
    server = () => ({ status: 200, body: { message: 'Successfully unsubscribed from the program' } });
    await api.unfollowProgram(visitor(), 7);
    expect(sent[0]).toMatchObject({ path: '/api/users/unfollowProgram/7/', method: 'GET' });
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer access.one');
  });
});
