// The only module that reads process.env, so the web layer's configuration is visible in one place.
import { resolve } from 'node:path';
import { DEFAULT_SITE_NAME } from './site-name';

const port = process.env.PORT ?? '3000';

/** The slashes that end a URL, matched from the first of them only so a long run of slashes costs linear time. */
const TRAILING_SLASHES = /(?<!\/)\/+$/;

/**
 * Cookies are `Secure` whatever the request's scheme once the site is https (PUBLIC_URL) or in production: a request
 * arriving as http (a proxy not saying it ended TLS) must not make the browser send the session in clear.
 */
export function secureCookies(vars: { NODE_ENV?: string; PUBLIC_URL?: string }): boolean {
  return vars.NODE_ENV === 'production' || /^https:/i.test(vars.PUBLIC_URL?.trim() ?? '');
}

export const env = {
  /** The address users reach the site at, as the API reads it (README.md, Configuration): absolute links start here. */
  publicUrl: (process.env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(TRAILING_SLASHES, ''),
  apiInternalUrl: (process.env.API_INTERNAL_URL ?? `http://127.0.0.1:${port}`).replace(TRAILING_SLASHES, ''),
  secureCookies: secureCookies(process.env),
  /** What the site calls itself (README.md, Configuration); the API refuses to start with an invalid one. */
  siteName: process.env.SITE_NAME?.trim() || DEFAULT_SITE_NAME,
  dataDir: resolve(process.env.DATA_DIR?.trim() || './data'),
} as const;
