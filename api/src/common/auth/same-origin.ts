import type { Request } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a browser sends as `Sec-Fetch-Site` for a request of our own pages, or one the user typed or bookmarked. */
const SAME_ORIGIN_FETCH_SITES = new Set(['same-origin', 'none']);

export const COOKIE_SESSION_MESSAGES = {
  stateChangingGet:
    'This request changes data: send the access token as "Authorization: Bearer", not the session cookie.',
  crossSite: 'Cross-site requests with the session cookie are refused.',
} as const;

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Why a request authenticated by the session cookie must be refused, or null when it may go on (ADR 011): a
 * cookie never changes state through GET, and a cookie write must come from this site's own pages. `Sec-Fetch-Site`
 * and `Origin` are checked when the browser sends them; clients that send neither are not browsers, which would
 * not attach the cookie to another site's request without them.
 */
export function cookieSessionRefusal(
  req: Request,
  publicUrl: string,
  changesStateOnGet: boolean,
): string | null {
  if (SAFE_METHODS.has(req.method))
    return changesStateOnGet ? COOKIE_SESSION_MESSAGES.stateChangingGet : null;
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite !== undefined && !SAME_ORIGIN_FETCH_SITES.has(fetchSite))
    return COOKIE_SESSION_MESSAGES.crossSite;
  const origin = req.get('origin');
  if (origin === undefined) return null;
  return isOwnOrigin(origin, publicUrl, `${req.protocol}://${req.headers.host ?? ''}`)
    ? null
    : COOKIE_SESSION_MESSAGES.crossSite;
}

/** Whether a browser's `Origin` is the site's public address or the address the request was sent to. */
export function isOwnOrigin(origin: string, publicUrl: string, requestUrl: string): boolean {
  const from = originOf(origin);
  return from !== null && [originOf(publicUrl), originOf(requestUrl)].includes(from);
}
