/*
 * The only module of the web app that reads process.env: everything else imports these values, so the
 * configuration the web layer depends on is visible in one place.
 */
import { resolve } from 'node:path';
import { DEFAULT_SITE_NAME } from './site-name';

const port = process.env.PORT ?? '3000';

/** The slashes that end a URL, matched from the first of them only so a long run of slashes costs linear time. */
const TRAILING_SLASHES = /(?<!\/)\/+$/;

/**
 * Whether the site's cookies carry `Secure` whatever the scheme of a request: when users reach the site over https
 * (PUBLIC_URL) or it runs in production, a request that arrives as http (a proxy that does not say it terminated
 * TLS, a first visit typed without https) must not make the browser send the session in clear afterwards.
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
  /** Where the operator's files are, among them the Markdown of the About, Privacy, Terms and Contact pages. */
  dataDir: resolve(process.env.DATA_DIR?.trim() || './data'),
} as const;
