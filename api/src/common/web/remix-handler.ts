import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import etag from 'etag';
import express, { type Request, type RequestHandler, type Response as ExpressResponse } from 'express';
import type { ViteDevServer } from 'vite';
import type { Loaded, ResponseCache } from '../cache/response-cache.js';
import {
  bodyLimit,
  closeAfterAnswer,
  limitedRequest,
  refuseDeclaredTooLarge,
  refuseTooLarge,
} from './body-limit.js';
import { connectInProcess } from './in-process-connection.js';
import { headerPairs } from './render-protocol.js';
import { RenderThreads } from './render-threads.js';

export type WebMode = 'production' | 'development';

export interface WebServing {
  handlers: RequestHandler[];
  close(): Promise<void>;
}

const IMMUTABLE = { immutable: true, maxAge: '1y', index: false, fallthrough: true } as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function crossSitePost(req: Request): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

/** Pages that look the same to every anonymous visitor, with their single-fetch data (`.data`) twins. */
const SHARED_PAGES =
  /^\/(?:_root|programmes|findTrainer|trainerPage\/\d+|programDetails\/\d+)?(?:\.data)?\/?$/;

function sharedPage(req: Request): boolean {
  return (
    req.method === 'GET' &&
    req.headers.cookie === undefined &&
    req.headers.authorization === undefined &&
    SHARED_PAGES.test(req.path)
  );
}

interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: string;
  /** Of the body without its nonce: the same page rendered again has the same one (ADR 036). */
  etag: string;
  /** A shared page's policy names its inline scripts' hashes, since a nonce must never be sent twice. */
  scriptHashes?: string;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

function scriptHashes(html: string): string {
  const hashes = new Set<string>();
  for (const [, script] of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(script ?? '')
        .digest('base64')}'`,
    );
  }
  return [...hashes].join(' ');
}

async function rendered(response: Response, nonce: string, shared: boolean): Promise<Loaded<RenderedPage>> {
  const headers = headerPairs(response.headers);
  const body = await response.text();
  const page: RenderedPage = {
    status: response.status,
    headers,
    body,
    etag: etag(nonce === '' ? body : body.replaceAll(nonce, ''), { weak: true }),
    scriptHashes: shared ? scriptHashes(body) : undefined,
  };
  return { value: page, cacheable: page.status === 200 && !response.headers.has('set-cookie') };
}

function revalidated(req: Request, response: Response): boolean {
  return req.method === 'GET' && response.status === 200;
}

/**
 * Revalidated on every visit (ADR 036); a 304 carries no CSP, so the browser's copy keeps the policy and
 * nonce it came with.
 */
function sendRendered(req: Request, res: ExpressResponse, page: RenderedPage, sharedSeconds = 0): void {
  res.status(page.status);
  for (const [name, value] of page.headers) res.appendHeader(name, value);
  const policy = res.getHeader('content-security-policy');
  if (page.scriptHashes !== undefined && typeof policy === 'string') {
    const nonce = String(res.locals.cspNonce ?? '');
    res.setHeader('Content-Security-Policy', policy.replace(`'nonce-${nonce}'`, page.scriptHashes));
  }
  if (page.status === 200) {
    if (!res.hasHeader('cache-control')) {
      const signedIn = req.headers.cookie !== undefined || req.headers.authorization !== undefined;
      res.setHeader(
        'Cache-Control',
        signedIn
          ? 'private, no-cache'
          : sharedSeconds > 0
            ? `public, max-age=0, must-revalidate, s-maxage=${sharedSeconds}`
            : 'no-cache',
      );
    }
    res.setHeader('ETag', page.etag);
    if (req.fresh) {
      res.removeHeader('content-security-policy');
      res.removeHeader('content-type');
      res.status(304).end();
      return;
    }
  }
  res.end(page.body);
}

const HOST = /^(?:[\w.-]+|\[[\d:a-f.]+\])(?::\d{1,5})?$/i;

/** req.secure honours `trust proxy`, so the site behind a TLS proxy sees https. */
function origin(req: Request): { protocol: string; host: string } | null {
  const protocol = req.secure ? 'https:' : 'http:';
  const host = req.headers.host ?? '';
  if (!HOST.test(host) || !URL.canParse(`${protocol}//${host}${req.url}`)) return null;
  return { protocol, host };
}

function refuse(req: Request, res: ExpressResponse, status: number, text: string): void {
  if (!req.complete) closeAfterAnswer(req, res);
  res.status(status).type('text/plain').send(text);
}

export interface WebOptions {
  cache?: ResponseCache;
  /** How long a proxy may keep the pages it shares, in whole seconds. */
  sharedSeconds?: number;
  /** A getter, since Nest makes the server after the modules; unset when API_INTERNAL_URL names another place. */
  apiServer?: () => Server;
  /** How many threads render pages beside the API's (ADR 065); 0: pages render on the API's thread. */
  renderThreads?: number;
}

/** Renders a visitor's request into the page's response. */
type Render = (request: globalThis.Request, cspNonce: string) => Promise<globalThis.Response>;

function renderHere(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: WebMode,
  apiServer?: () => Server,
): Render {
  const handle = createRequestHandler(build, mode);
  const apiContext = apiServer ? { apiConnection: () => connectInProcess(apiServer()) } : {};
  return (request, cspNonce) => handle(request, { cspNonce, ...apiContext });
}

function remixHandler(renderPage: Render, { cache, sharedSeconds = 0 }: WebOptions): RequestHandler {
  return (req, res, next) => {
    if (crossSitePost(req)) {
      refuse(req, res, 403, 'Cross-site form posts are refused.');
      return;
    }
    const page = origin(req);
    if (!page) {
      refuse(req, res, 400, 'Bad Request');
      return;
    }
    // Stops a visitor from choosing the address the API's rate limits see, as loaders forward this header.
    req.headers['x-forwarded-for'] = req.ip;
    const nonce = String(res.locals.cspNonce ?? '');
    const limit = bodyLimit(req.path);
    const request = limitedRequest(createRequest(req, res, page), limit, () =>
      refuseTooLarge(req, res, limit),
    );
    const render = () => renderPage(request, nonce);
    if (cache?.enabled && sharedPage(req)) {
      cache
        .remember(`web ${page.protocol}//${page.host}${req.originalUrl}`, async () =>
          rendered(await render(), nonce, true),
        )
        .then((cached) => sendRendered(req, res, cached, sharedSeconds))
        .catch(next);
      return;
    }
    render()
      .then((response) => {
        if (res.headersSent) return response.body?.cancel();
        // Closing beats reading the rest of an unread body just to keep the connection open.
        if (!req.complete) {
          request.body?.cancel().catch(() => undefined);
          closeAfterAnswer(req, res);
        } else if (revalidated(req, response)) {
          return rendered(response, nonce, false).then(({ value }) => sendRendered(req, res, value));
        }
        return sendResponse(res, response);
      })
      .catch(next);
  };
}

export async function productionWeb(webRoot: string, options: WebOptions): Promise<WebServing> {
  const serverBuild = join(webRoot, 'build/server/index.js');
  if (!existsSync(serverBuild)) {
    throw new Error(`The web build is missing (${serverBuild}): run "npm run build" first`);
  }
  const buildUrl = pathToFileURL(serverBuild).href;
  const threads =
    options.renderThreads && options.renderThreads > 0
      ? new RenderThreads({
          threads: options.renderThreads,
          data: { build: buildUrl, callsOverPorts: options.apiServer !== undefined },
          apiServer: options.apiServer,
        })
      : undefined;
  const render = threads
    ? threads.render.bind(threads)
    : renderHere((await import(buildUrl)) as ServerBuild, 'production', options.apiServer);
  const client = join(webRoot, 'build/client');
  // Not mounted under /assets, so looked up by the whole path from the build's root.
  const assets = express.static(client, IMMUTABLE);
  // Served by name, so a page's path is not looked up on disk first.
  const files = express.static(client, { maxAge: '1h', index: false });
  const fileNames = new Set(readdirSync(client).filter((name) => name !== 'assets'));
  return {
    handlers: [
      refuseDeclaredTooLarge,
      (req, res, next) => (req.path.startsWith('/assets/') ? assets(req, res, next) : next()),
      (req, res, next) => (fileNames.has(req.path.split('/')[1] ?? '') ? files(req, res, next) : next()),
      remixHandler(render, options),
    ],
    close: async () => threads?.close(),
  };
}

export async function developmentWeb(
  webRoot: string,
  httpServer: Server,
  options: WebOptions,
): Promise<WebServing> {
  const { createServer } = await import('vite');
  const vite: ViteDevServer = await createServer({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: 'custom',
  });
  return {
    handlers: [
      refuseDeclaredTooLarge,
      vite.middlewares as unknown as RequestHandler,
      remixHandler(
        renderHere(
          () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
          'development',
          options.apiServer,
        ),
        options,
      ),
    ],
    close: () => vite.close(),
  };
}
