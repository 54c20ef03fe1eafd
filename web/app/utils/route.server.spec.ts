import { describe, expect, it } from '@jest/globals';
import { data, redirect } from '@remix-run/node';
import { sessionAction, sessionLoader } from './route.server';
import { getSession, type RouteArgs } from './session.server';

const TOKENS = { access: 'new.access.token', refresh: 'new.refresh.token' };

function args(init: RequestInit = {}): RouteArgs {
  return { request: new Request('http://localhost/page', init), context: {} };
}

/** Whatever `handler` produces, the session it stored tokens in must reach the browser. */
function signingIn<R>(handler: () => R) {
  return async (routeArgs: RouteArgs) => {
    getSession(routeArgs).store(TOKENS);
    return handler();
  };
}

const setCookies = (headers: Headers) => headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
const EXPECTED = [`accessToken=${TOKENS.access}`, `refreshToken=${TOKENS.refresh}`];

type DataResult = ReturnType<typeof data<unknown>>;

describe(sessionLoader.name, () => {
  it('wraps plain data with the cookies', async () => {
    const result = (await sessionLoader(signingIn(() => ({ ok: 1 })))(args())) as unknown as DataResult;
    expect(result.data).toEqual({ ok: 1 });
    expect(setCookies(new Headers(result.init?.headers))).toEqual(EXPECTED);
  });

  it('adds the cookies to data() and keeps its status and headers', async () => {
    const handler = signingIn(() => data({ ok: 1 }, { status: 400, headers: { 'Set-Cookie': 'toast=x' } }));
    const result = await sessionLoader(handler)(args());
    expect(result.init?.status).toBe(400);
    expect(setCookies(new Headers(result.init?.headers))).toEqual(['toast=x', ...EXPECTED]);
  });

  it('adds the cookies to a returned and to a thrown redirect', async () => {
    const returned = await sessionLoader(signingIn(() => redirect('/somewhere')))(args());
    expect(setCookies(returned.headers)).toEqual(EXPECTED);

    const thrown = sessionLoader(
      signingIn(() => {
        throw redirect('/login');
      }),
    )(args());
    const response = await thrown.catch((error: unknown) => error as Response);
    expect(response.status).toBe(302);
    expect(setCookies(response.headers)).toEqual(EXPECTED);
  });

  it('wraps as data a plain object that only looks like a data() result', async () => {
    for (const lookalike of [
      { type: 'other', data: 1, init: null },
      { type: 'DataWithResponseInit', data: 1 },
      { type: 'DataWithResponseInit', init: null },
    ]) {
      const result = (await sessionLoader(signingIn(() => lookalike))(args())) as unknown as DataResult;
      expect(result.data).toEqual(lookalike);
      expect(setCookies(new Headers(result.init?.headers))).toEqual(EXPECTED);
    }
  });

  it('sends no cookie when the session did not change', async () => {
    const result = (await sessionLoader(async () => ({ ok: 1 }))(args())) as unknown as DataResult;
    expect(new Headers(result.init?.headers).getSetCookie()).toEqual([]);
  });
});

describe(sessionAction.name, () => {
  const post = (origin: string) => args({ method: 'POST', headers: { Origin: origin } });

  it('runs for a post from the site itself', async () => {
    const result = (await sessionAction(async () => 'done')(
      post('http://localhost'),
    )) as unknown as DataResult;
    expect(result.data).toBe('done');
  });

  it('refuses a post from another site with 403', async () => {
    const refused: unknown = await sessionAction(async () => 'done')(post('https://evil.example')).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(await (refused as Response).text()).toBe('This form was sent from another site.');
  });
});
