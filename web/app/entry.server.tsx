import { PassThrough } from 'node:stream';
import {
  type AppLoadContext,
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleErrorFunction,
} from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { env } from './utils/env.server';
import { NonceProvider } from './utils/nonce-provider';
import { setServerSiteName } from './utils/site-name';

setServerSiteName(env.siteName);

// Remix rejects still-pending streamed loader data after this many milliseconds.
export const streamTimeout = 5_000;
// The render is aborted a second later, so those rejections still reach the browser.
const RENDER_TIMEOUT_MS = streamTimeout + 1_000;

/**
 * Logs what went wrong on the server. A client's own mistake, such as a GET of a form's action address (400), is
 * answered with its status and is no fault of the server's, so it is not logged with a stack.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // eslint-disable-next-line no-console -- the API's logger is not reachable from the Remix build.
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  // Every inline <script> must carry the nonce of the CSP that the API sends with this response.
  const nonce = loadContext.cspNonce;
  // Crawlers get the complete document in one piece; browsers get the shell as early as possible.
  const crawler = isbot(request.headers.get('user-agent'));

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Cleared once everything is rendered: a pending timer would hold the finished render for seconds.
    const timer = setTimeout(() => abort(), RENDER_TIMEOUT_MS);
    const sendShell = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ''}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!crawler) sendShell();
        },
        onAllReady() {
          clearTimeout(timer);
          if (crawler) sendShell();
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, onShellError rejects and Remix logs the error; after it, nobody else sees it.
          // A visitor who left mid-stream is not an error worth reporting.
          if (shellRendered && !request.signal.aborted) {
            // eslint-disable-next-line no-console -- the API's logger is not reachable from the Remix build.
            console.error(error);
          }
        },
      },
    );
  });
}
