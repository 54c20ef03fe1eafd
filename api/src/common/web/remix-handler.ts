import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import express, { type Request, type RequestHandler } from 'express';
import type { ViteDevServer } from 'vite';

export type WebMode = 'production' | 'development';

export interface WebServing {
  /** Express handlers for the browser: static assets first, then Remix for every other path. */
  handlers: RequestHandler[];
  close(): Promise<void>;
}

const IMMUTABLE = { immutable: true, maxAge: '1y', index: false, fallthrough: true } as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A state-changing request whose Origin is another site (or `null`): refused before any action runs. */
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

function remixHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: WebMode): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return (req, res, next) => {
    if (crossSitePost(req)) {
      res.status(403).type('text/plain').send('Cross-site form posts are refused.');
      return;
    }
    // Loaders call the API on the visitor's behalf and forward this header; setting it to the address Express
    // trusts (req.ip honours `trust proxy`) stops a visitor from choosing the address the API's rate limits see.
    req.headers['x-forwarded-for'] = req.ip;
    const loadContext = { cspNonce: String(res.locals.cspNonce ?? '') };
    // req.protocol honours `trust proxy`, so the site behind a TLS proxy sees https and sets Secure cookies.
    handle(createRequest(req, res, { protocol: `${req.protocol}:` }), loadContext)
      .then((response) => sendResponse(res, response))
      .catch(next);
  };
}

/** Serves the production build of web/ (`npm run build`): hashed assets cached for a year, Remix SSR. */
export async function productionWeb(webRoot: string): Promise<WebServing> {
  const serverBuild = join(webRoot, 'build/server/index.js');
  if (!existsSync(serverBuild)) {
    throw new Error(`The web build is missing (${serverBuild}): run "npm run build" first`);
  }
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const client = join(webRoot, 'build/client');
  const assets = express.static(join(client, 'assets'), IMMUTABLE);
  return {
    handlers: [
      (req, res, next) => (req.path.startsWith('/assets/') ? assets(req, res, next) : next()),
      express.static(client, { maxAge: '1h', index: false }),
      remixHandler(build, 'production'),
    ],
    close: async () => undefined,
  };
}

/** Serves web/ through Vite's dev server in middleware mode, with HMR over the app's own HTTP server. */
export async function developmentWeb(webRoot: string, httpServer: Server): Promise<WebServing> {
  const { createServer } = await import('vite');
  const vite: ViteDevServer = await createServer({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: 'custom',
  });
  return {
    handlers: [
      vite.middlewares as unknown as RequestHandler,
      remixHandler(
        () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
        'development',
      ),
    ],
    close: () => vite.close(),
  };
}
