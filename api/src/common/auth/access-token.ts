import type { IncomingHttpHeaders } from 'node:http';

/** Where a request's access token came from: the API client's header, or the web session's cookie. */
export type TokenSource = 'bearer' | 'cookie';

export interface PresentedToken {
  token: string;
  source: TokenSource;
}

/**
 * `Bearer <token>`, the scheme in any case, the separator spaces or tabs. The token starts at the first other
 * character, so the separator and the token cannot trade characters (which made a long run of spaces quadratic).
 */
const BEARER = /^bearer[ \t]+([^ \t].*)?$/i;

/** What the web writes into the cookie: base64url segments joined by dots (web/app/utils/session.server.ts). */
const TOKEN_SHAPE = /^[\w-]+(\.[\w-]+)*$/;

/** Ours are a few hundred characters; a cookie value far longer than that is not one we wrote. */
const COOKIE_TOKEN_MAX_LENGTH = 4096;

/**
 * The access token a request carries, read without ever throwing. A Bearer header wins over the cookie: a client
 * that sends one means it, so whatever follows the scheme is its token, and a malformed one is refused as invalid
 * (401) rather than ignored. The cookie is sent by the browser on its own, so a value of any shape other than the
 * token the web wrote (empty, percent-escaped, oversized) is no token at all.
 */
export function presentedToken(headers: IncomingHttpHeaders): PresentedToken | null {
  const bearer = BEARER.exec(headers.authorization ?? '')?.[1]?.trim();
  if (bearer) return { token: bearer, source: 'bearer' };
  const cookie = sessionCookie(headers.cookie ?? '');
  return cookie === null ? null : { token: cookie, source: 'cookie' };
}

function sessionCookie(header: string): string | null {
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== 'accessToken') continue;
    const value = pair.slice(separator + 1).trim();
    return value.length <= COOKIE_TOKEN_MAX_LENGTH && TOKEN_SHAPE.test(value) ? value : null;
  }
  return null;
}
