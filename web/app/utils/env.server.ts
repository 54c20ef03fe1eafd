/*
 * The only module of the web app that reads process.env: everything else imports these values, so the
 * configuration the web layer depends on is visible in one place.
 */
const port = process.env.PORT ?? '3000';

export const env = {
  apiInternalUrl: (process.env.API_INTERNAL_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
} as const;
