import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Options } from 'pino-http';
import type { AppConfig } from '../config/app-config.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** A caller's X-Request-Id is kept when it is well-formed, so one id follows a request across services. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdOf(req);
  res.setHeader('X-Request-Id', id);
  return id;
}

export const MASK = '***';

// The e-mail verification page, its single-fetch twin (`.data`) and any trailing slash; route paths match any case.
const VERIFY_PATH = /^(\/verify\/)[^/?#]+?((?:\.data)?\/?)(?=[?#]|$)/i;
const TOKEN_PARAM = /([?&]token=)[^&#]*/gi;

/**
 * A request URL as the logs show it: the secret of a verification link (`/verify/<token>`, `?token=`) is masked,
 * since whoever reads the logs could otherwise activate the account or confirm the address.
 */
export function maskUrl(url: string): string {
  return url.replace(VERIFY_PATH, `$1${MASK}$2`).replace(TOKEN_PARAM, `$1${MASK}`);
}

/** How requests are logged: pino-http's options, from the level the configuration sets. */
export function loggerOptions(config: AppConfig): Options {
  return {
    level: config.logLevel,
    genReqId: requestId,
    autoLogging: {
      ignore: (req) => Boolean(req.url?.startsWith('/assets/')),
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    // Headers are left out on purpose: they carry tokens and cookies.
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: maskUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
