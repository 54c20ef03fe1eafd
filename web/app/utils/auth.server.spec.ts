import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startFakeApi } from './api/fake-api.testing';
import type { RouteArgs } from './session.server';

const MEMBER = { id: 1, first_name: 'Ada', is_superuser: false };
const ADMIN = { id: 2, first_name: 'Root', is_superuser: true };

let me: { status: number; body: unknown };
let calls: number;

const fakeApi = await startFakeApi(({ path }) => {
  expect(path).toBe('/api/users/me/');
  calls += 1;
  return me;
});
// The web's modules read API_INTERNAL_URL when they load: imported once the fake API listens.
process.env.API_INTERNAL_URL = fakeApi.url;
const { getUser, requireSuperuser, requireUser } = await import('./auth.server');
const { MESSAGES } = await import('./messages');
const { getSession } = await import('./session.server');
const { getToast } = await import('./toast.server');

beforeEach(() => {
  calls = 0;
});

afterAll(() => fakeApi.close());

function visitor(cookie?: string, path = '/userProfile?tab=stats'): RouteArgs {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  return { request: new Request(`http://localhost${path}`, { headers }), context: {} };
}

const SIGNED_IN = 'accessToken=access.one; refreshToken=refresh.one';

async function thrown(promise: Promise<unknown>): Promise<{ location: string | null; toast: string | null }> {
  const response = await promise.then(
    () => {
      throw new Error('expected the guard to throw a redirect');
    },
    (error: unknown) => error as Response,
  );
  expect(response.status).toBe(302);
  const cookie = response.headers.get('Set-Cookie') ?? '';
  const { toast } = await getToast(new Request('http://localhost/', { headers: { Cookie: cookie } }));
  return { location: response.headers.get('Location'), toast: toast?.message ?? null };
}

describe(getUser.name, () => {
  it('is null without a session, without asking the API', async () => {
    expect(await getUser(visitor())).toBeNull();
    expect(calls).toBe(0);
  });

  it('asks the API with either cookie of the session, not only with both', async () => {
    me = { status: 200, body: MEMBER };
    expect(await getUser(visitor('accessToken=access.one'))).toEqual(MEMBER);
    expect(calls).toBe(1);
  });

  it('asks the API once per request, however many loaders want the user', async () => {
    me = { status: 200, body: MEMBER };
    const args = visitor(SIGNED_IN);
    const [first, second] = await Promise.all([getUser(args), getUser(args)]);
    expect(first).toEqual(MEMBER);
    expect(second).toEqual(MEMBER);
    expect(calls).toBe(1);
  });

  it('signs a blocked user out and sends them to the login page with the block message', async () => {
    me = { status: 403, body: { statusCode: 403, message: 'You have been temporarly blocked by the Admin' } };
    const args = visitor(SIGNED_IN);
    expect(await thrown(getUser(args))).toEqual({ location: '/login', toast: MESSAGES.blocked });
    expect(getSession(args).accessToken).toBeNull();
    expect(getSession(args).setCookies()).toEqual([
      expect.stringMatching(/^accessToken=;.*Max-Age=0/),
      expect.stringMatching(/^refreshToken=;.*Max-Age=0/),
    ]);
  });

  it('treats a session the API cannot check as a visitor who is not signed in', async () => {
    me = { status: 503, body: { statusCode: 503, message: 'Service unavailable' } };
    expect(await getUser(visitor('accessToken=access.one'))).toBeNull();
  });
});

describe(requireUser.name, () => {
  it('gives the signed-in user', async () => {
    me = { status: 200, body: MEMBER };
    expect(await requireUser(visitor(SIGNED_IN))).toEqual(MEMBER);
  });

  it('sends a visitor to the login page and back to the page asked for afterwards', async () => {
    const { location } = await thrown(requireUser(visitor()));
    expect(location).toBe(`/login?redirectTo=${encodeURIComponent('/userProfile?tab=stats')}`);
  });

  it('answers 503, not the login page, when the API cannot say who a signed-in member is', async () => {
    me = { status: 503, body: { statusCode: 503, message: 'Temporarily unavailable' } };
    const refused = await requireUser(visitor(SIGNED_IN)).then(
      () => null,
      (error: unknown) => error as Response,
    );
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get('Location')).toBeNull();
  });

  it('sends a member whose session the API refuses to the login page', async () => {
    me = { status: 401, body: { statusCode: 401, message: 'Token is invalid or expired' } };
    const { location } = await thrown(requireUser(visitor('accessToken=access.one')));
    expect(location).toBe(`/login?redirectTo=${encodeURIComponent('/userProfile?tab=stats')}`);
  });
});

describe(requireSuperuser.name, () => {
  it('gives a superuser', async () => {
    me = { status: 200, body: ADMIN };
    expect(await requireSuperuser(visitor(SIGNED_IN, '/admin/users'))).toEqual(ADMIN);
  });

  it('sends any other user home with the not-authorised message', async () => {
    me = { status: 200, body: MEMBER };
    const refused = await thrown(requireSuperuser(visitor(SIGNED_IN, '/admin/users')));
    expect(refused).toEqual({ location: '/', toast: MESSAGES.notAuthorized });
  });

  it('sends a visitor to the login page first', async () => {
    const { location } = await thrown(requireSuperuser(visitor(undefined, '/admin/users')));
    expect(location).toBe(`/login?redirectTo=${encodeURIComponent('/admin/users')}`);
  });
});
