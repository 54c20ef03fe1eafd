import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config.js';

type ResponseWithNonce = ServerResponse & { locals?: { cspNonce?: string } };

/**
 * The origins PayPal's JS SDK needs on the checkout: its script, the iframes of its buttons and approval window, its
 * API calls and its images (PayPal's CSP guidance names these two domains; the wildcard covers www.paypal.com and
 * www.sandbox.paypal.com, where the approval links lead too).
 */
const PAYPAL_ORIGINS = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

/** The Payment step of a programme's page, the one page that loads PayPal's SDK or posts a form to PayPal. */
const CHECKOUT_PAGE = /^\/programDetails\/\d+\/?$/;

export function isCheckoutPage(req: Pick<Request, 'path' | 'query'>): boolean {
  return CHECKOUT_PAGE.test(req.path) && req.query.checkout === '1';
}

/**
 * With PayPal on, the configured SDK's and API's origins too: PayPal's own in production, a local PayPal in tests
 * (whose approval page is at its API's address).
 */
function configuredPayPal(config: AppConfig): { script: string[]; approval: string[] } {
  if (config.paypal.provider !== 'paypal') return { script: [], approval: [] };
  return { script: [new URL(config.paypal.sdkUrl).origin], approval: [new URL(config.paypal.apiUrl).origin] };
}

/** The site's own socket, at the public address: `'self'` covers ws: and wss: in current browsers, not all. */
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
    // Without JavaScript the checkout form is answered with a redirect to PayPal's approval page, which browsers
    // check against form-action.
    formAction: ["'self'", ...(checkout ? ['https://*.paypal.com', ...paypal.approval] : [])],
    upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
  };
}

/**
 * Helmet's headers with a Content-Security-Policy per page: PayPal's origins only on the checkout, where its SDK
 * runs, so a script injected anywhere else cannot load from them. HSTS only when the public address is https: sent
 * over plain http it would tell a browser nothing true. The Vite dev server injects scripts of its own: no CSP.
 */
export function securityHeaders(config: AppConfig, devServer: boolean): RequestHandler {
  const common = {
    crossOriginEmbedderPolicy: false,
    // With no-referrer, browsers send `Origin: null` on form posts, which the site's origin check must refuse;
    // same-origin names the origin to ourselves and still tells other sites nothing.
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

/** A caller's credentials on the request: the bearer token of API clients or the site's session cookie. */
function carriesCredentials(req: IncomingMessage): boolean {
  return req.headers.authorization !== undefined || /(?:^|;\s*)accessToken=/.test(req.headers.cookie ?? '');
}

/**
 * Answers to a caller who sent credentials are theirs alone: neither a browser's cache nor a proxy's may keep them
 * (a shared computer's back button, a corporate cache). A route that sets its own Cache-Control keeps it.
 */
export function noStoreForCallers(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (carriesCredentials(req)) res.setHeader('Cache-Control', 'no-store');
  next();
}
