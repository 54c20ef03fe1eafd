import { describe, expect, it, jest } from '@jest/globals';
import { TOKEN_COOKIE_MAX_AGE_SECONDS } from '@fitcoach/contracts';
import { env, secureCookies } from './env.server';
import { accessTokenCookie, getSession, refreshTokenCookie, RequestSession } from './session.server';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

function requestWith(cookie: string, url = 'http://localhost/'): Request {
  return new Request(url, { headers: { Cookie: cookie } });
}

describe('token cookies', () => {
  it('reads the raw token among other cookies', () => {
    const request = requestWith(`toast=abc; accessToken=${TOKEN}; refreshToken=r.t`);
    expect(accessTokenCookie.parse(request)).toBe(TOKEN);
    expect(refreshTokenCookie.parse(request)).toBe('r.t');
  });

  it('reads nothing when the cookie is missing or malformed', () => {
    expect(accessTokenCookie.parse(new Request('http://localhost/'))).toBeNull();
    expect(accessTokenCookie.parse(requestWith('xaccessToken=abc'))).toBeNull();
    expect(accessTokenCookie.parse(requestWith('accessToken=a%20b'))).toBeNull();
  });

  it('writes an HttpOnly, SameSite=Lax cookie for the spec lifetime, Secure over https only in development', () => {
    const http = accessTokenCookie.serialize(TOKEN, new Request('http://localhost/'));
    expect(http).toBe(
      `accessToken=${TOKEN}; Path=/; Max-Age=${TOKEN_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`,
    );
    const https = accessTokenCookie.serialize(TOKEN, new Request('https://fitcoach.example/'));
    expect(https).toMatch(/; Secure$/);
  });

  it('refuses to write a value that is not a token', () => {
    expect(() => accessTokenCookie.serialize('a;b', new Request('http://localhost/'))).toThrow(
      'Refusing to store a malformed accessToken',
    );
  });

  it('neither reads nor writes a token with anything before or after it', () => {
    const http = new Request('http://localhost/');
    for (const tampered of [`${TOKEN};Path=/evil`, `x;${TOKEN}`, `${TOKEN} `.repeat(2).trim(), `.${TOKEN}`]) {
      expect(() => accessTokenCookie.serialize(tampered, http)).toThrow();
    }
    expect(accessTokenCookie.parse(requestWith(`accessToken=${TOKEN}!`))).toBeNull();
    expect(accessTokenCookie.parse(requestWith(`accessToken=!${TOKEN}`))).toBeNull();
  });

  it('reads a value with spaces around it, and skips pairs without "="', () => {
    expect(accessTokenCookie.parse(requestWith(`flag; accessToken = ${TOKEN} ;other=1`))).toBe(TOKEN);
    expect(accessTokenCookie.parse(requestWith('accessTokens'))).toBeNull();
  });
});

describe(RequestSession.name, () => {
  const http = new Request('http://localhost/', {
    headers: { Cookie: `accessToken=${TOKEN}; refreshToken=r.t` },
  });

  it('starts from the cookies and changes none of them', () => {
    const sut = new RequestSession(http);
    expect([sut.accessToken, sut.refreshToken]).toEqual([TOKEN, 'r.t']);
    expect(sut.setCookies()).toEqual([]);
  });

  it('stores a new token pair', () => {
    const sut = new RequestSession(http);
    sut.store({ access: 'a.b.c', refresh: 'd.e.f' });
    expect(sut.accessToken).toBe('a.b.c');
    expect(sut.setCookies()).toEqual([
      `accessToken=a.b.c; Path=/; Max-Age=${TOKEN_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`,
      `refreshToken=d.e.f; Path=/; Max-Age=${TOKEN_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`,
    ]);
  });

  it('clears both cookies, whatever was stored before', () => {
    const sut = new RequestSession(http);
    sut.store({ access: 'a.b.c', refresh: 'd.e.f' });
    sut.clear();
    expect(sut.accessToken).toBeNull();
    expect(sut.setCookies()).toEqual([
      'accessToken=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
      'refreshToken=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    ]);
  });
});

describe(getSession.name, () => {
  it('is one session per load context, which every loader and the action of a request share', () => {
    const context = {};
    const first = getSession({ request: new Request('http://localhost/a'), context });
    expect(getSession({ request: new Request('http://localhost/b'), context })).toBe(first);
    expect(getSession({ request: new Request('http://localhost/a'), context: {} })).not.toBe(first);
  });
});

describe(secureCookies.name, () => {
  it.each([
    [{ NODE_ENV: 'production' }, true],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }, true],
    [{ NODE_ENV: 'development', PUBLIC_URL: 'https://fitcoach.example' }, true],
    [{ PUBLIC_URL: 'HTTPS://fitcoach.example/' }, true],
    [{ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' }, false],
    [{ NODE_ENV: 'test' }, false],
    [{}, false],
  ])('%j: %s', (vars, secure) => {
    expect(secureCookies(vars)).toBe(secure);
  });

  it('is off in the tests, which run over http with NODE_ENV=test', () => {
    expect(env.secureCookies).toBe(false);
  });
});

describe('the cookies of a site configured for https or production', () => {
  /** session.server and toast.server as they load when the configuration asks for Secure cookies. */
  async function secureModules() {
    let modules: [typeof import('./session.server'), typeof import('./toast.server')] | undefined;
    await jest.isolateModulesAsync(async () => {
      jest.unstable_mockModule('./env.server', () => ({
        env: { ...env, secureCookies: true },
        secureCookies: () => true,
      }));
      modules = [await import('./session.server'), await import('./toast.server')];
    });
    if (!modules) throw new Error('the modules did not load');
    return modules;
  }

  // A proxy that does not say it terminated TLS, or a first visit typed without https, arrives as http.
  const http = new Request('http://fitcoach.example/login', { headers: { Cookie: 'toast=x' } });

  it('marks the session cookies Secure on a request that arrived as http', async () => {
    const [session] = await secureModules();
    expect(session.accessTokenCookie.serialize(TOKEN, http)).toBe(
      `accessToken=${TOKEN}; Path=/; Max-Age=${TOKEN_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax; Secure`,
    );
    const sut = new session.RequestSession(http);
    sut.store({ access: 'a.b.c', refresh: 'd.e.f' });
    expect(sut.setCookies()).toEqual([
      expect.stringMatching(/^accessToken=a\.b\.c; .*; Secure$/),
      expect.stringMatching(/^refreshToken=d\.e\.f; .*; Secure$/),
    ]);
    sut.clear();
    expect(sut.setCookies()).toEqual([
      'accessToken=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
      'refreshToken=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    ]);
  });

  it('marks the toast cookie Secure, when set and when consumed', async () => {
    const [, toast] = await secureModules();
    const set = await toast.createToastHeaders({ type: 'success', message: 'Saved' }, http);
    expect(set.get('Set-Cookie')).toMatch(/^toast=[^;]+; .*; Secure(;|$)/);
    const { headers } = await toast.getToast(http);
    expect(headers?.get('Set-Cookie')).toMatch(/^toast=; Max-Age=0; .*; Secure(;|$)/);
  });
});
