import { describe, expect, it } from '@jest/globals';
import { TOKEN_COOKIE_MAX_AGE_SECONDS } from '@fitcoach/contracts';
import { accessTokenCookie, clearSessionHeaders, refreshTokenCookie } from './session.server';

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

  it('clears both cookies', () => {
    const headers = clearSessionHeaders(new Request('http://localhost/'));
    expect(headers.getSetCookie()).toEqual([
      'accessToken=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
      'refreshToken=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    ]);
  });
});
