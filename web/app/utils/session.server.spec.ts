import { describe, expect, it } from '@jest/globals';
import { TOKEN_COOKIE_MAX_AGE_SECONDS } from '@fitcoach/contracts';
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

  it('writes an HttpOnly, SameSite=Lax cookie for the spec lifetime, Secure over https only', () => {
    const http = accessTokenCookie.serialize(TOKEN, new Request('http://localhost/'));
    expect(http).toBe(
      `accessToken=${TOKEN}; Path=/; Max-Age=${TOKEN_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`,
    );
    const https = accessTokenCookie.serialize(TOKEN, new Request('https://fitcoach.example/'));
    expect(https).toMatch(/; Secure$/);
  });

  it('refuses to write a value that is not a token', () => {
    expect(() => accessTokenCookie.serialize('a;b', new Request('http://localhost/'))).toThrow();
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
