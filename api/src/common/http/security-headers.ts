import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config.js';

type ResponseWithNonce = ServerResponse & { locals?: { cspNonce?: string } };

/** The domains of PayPal's CSP guidance; the wildcard covers the sandbox, where approval links lead too. */
const PAYPAL_ORIGINS = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

const CHECKOUT_PAGE = /^\/programDetails\/\d+\/?$/;

export function isCheckoutPage(req: Pick<Request, 'path' | 'query'>): boolean {
  return CHECKOUT_PAGE.test(req.path) && req.query.checkout === '1';
}

/** A local PayPal in tests has its approval page at its API's address. */
function configuredPayPal(config: AppConfig): { script: string[]; approval: string[] } {
  if (config.paypal.provider !== 'paypal') return { script: [], approval: [] };
  return { script: [new URL(config.paypal.sdkUrl).origin], approval: [new URL(config.paypal.apiUrl).origin] };
}

/** `'self'` covers ws: and wss: in current browsers, not all. */
function ownSocketOrigin(config: AppConfig): string {
  const url = new URL(config.publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

function nonceOf(res: ServerResponse): string {
  return (res as ResponseWithNonce).locals?.cspNonce ?? '';
}

function directives(config: AppConfig, checkout: boolean) {
  const paypal = configuredPayPal(config);
  const payPalOrigins = checkout ? PAYPAL_ORIGINS : [];
  return {
    scriptSrc: [
      "'self'",
      (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonceOf(res)}'`,
      ...payPalOrigins,
      ...(checkout ? paypal.script : []),
    ],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...payPalOrigins],
    connectSrc: ["'self'", ownSocketOrigin(config), ...(checkout ? ['https://*.paypal.com'] : [])],
    frameSrc: [
      "'self'",
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      ...(checkout ? ['https://*.paypal.com'] : []),
    ],
    // Without JavaScript the checkout redirects to PayPal, which browsers check against form-action.
    formAction: ["'self'", ...(checkout ? ['https://*.paypal.com', ...paypal.approval] : [])],
    // The site's own service worker (web/public/sw.js) and its manifest, named rather than left to the fallbacks.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
  };
}

/**
 * PayPal's origins only on the checkout, so a script injected elsewhere cannot load from them; no CSP under the
 * Vite dev server, which injects scripts of its own.
 */
export function securityHeaders(config: AppConfig, devServer: boolean): RequestHandler {
  const common = {
    crossOriginEmbedderPolicy: false,
    // no-referrer would make browsers send `Origin: null` on form posts, which the origin check refuses.
    referrerPolicy: { policy: 'same-origin' as const },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  };
  const policy = (checkout: boolean) =>
    helmet({
      ...common,
      contentSecurityPolicy: devServer
        ? false
        : { useDefaults: true, directives: directives(config, checkout) },
    });
  const everywhere = policy(false);
  const checkout = policy(true);
  return (req: Request, res: Response, next: NextFunction) =>
    (isCheckoutPage(req) ? checkout : everywhere)(req, res, next);
}

function carriesCredentials(req: IncomingMessage): boolean {
  return req.headers.authorization !== undefined || /(?:^|;\s*)accessToken=/.test(req.headers.cookie ?? '');
}

/** Answers to a caller are theirs alone; a route that sets its own Cache-Control keeps it. */
export function noStoreForCallers(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (carriesCredentials(req)) res.setHeader('Cache-Control', 'no-store');
  next();
}
