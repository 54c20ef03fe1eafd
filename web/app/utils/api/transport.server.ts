import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import { type ApiError, isApiError, type TokenPairResponse } from '@fitcoach/contracts';
import { env } from '../env.server';
import { getSession, type RequestSession, type RouteArgs } from '../session.server';

// Failures are values, never exceptions, so a route decides what a 404 or an unreachable API means for its page.

export type ApiResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

/** An HTML page of the API's, with the Content-Security-Policy it sent the page under. */
export interface ApiPage {
  html: string;
  policy: string | null;
}

export interface ListPage<T> {
  items: T[];
  total: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  method?: Method;
  /** Sent as JSON; a function is called for each attempt, so a retry sends what the session holds by then. */
  body?: unknown;
  multipart?: FormData;
  /**
   * Acts as the signed-in visitor: sends the access token and, on a 401, renews once and retries. 'optional':
   * the same, but asks again anonymously when the token cannot be renewed.
   */
  auth?: boolean | 'optional';
  paginated?: boolean;
  /** An HTML page for the visitor (a receipt), asked for in their languages; a refusal is still JSON. */
  page?: boolean;
  /** How long to wait for the answer; TIMEOUT_MS unless the API itself waits on a slower party. */
  timeoutMs?: number;
}

// Longer than any healthy API answer, short enough that a hung API does not hold a page render indefinitely.
const TIMEOUT_MS = 10_000;
export interface ApiAnswer {
  status: number;
  statusText: string;
  header(name: string): string | undefined;
  text: string;
}

export interface ApiRequest {
  method: Method;
  headers: Record<string, string>;
  body?: string | FormData;
  signal: AbortSignal;
  /** A connection to the API of this very process (AppLoadContext's apiConnection); unset: HTTP to the API's URL. */
  connect?: () => Duplex;
}

// Kept-alive connections: an idle one is closed after 60 s, before the API's server does (65 s,
// api/src/common/http/keep-alive.ts), so a call seldom finds its connection gone.
const AGENT_OPTIONS = { keepAlive: true, timeout: 60_000 };
const AGENTS = { 'http:': new http.Agent(AGENT_OPTIONS), 'https:': new https.Agent(AGENT_OPTIONS) } as const;

async function multipartBody(form: FormData): Promise<{ bytes: Buffer; type: string }> {
  const encoded = new Response(form);
  return {
    bytes: Buffer.from(await encoded.arrayBuffer()),
    type: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
}

/**
 * Every call to the API goes through here: inside the API's process over an in-process connection
 * (ADR 050), else HTTP; both via node:http, as fetch costs far more CPU per call (docs/performance.md).
 */
export async function fetchApi(path: string, request: ApiRequest): Promise<ApiAnswer> {
  const url = new URL(`${env.apiInternalUrl}${path}`);
  const headers = { ...request.headers };
  let body: Buffer | string | undefined;
  if (typeof request.body === 'string') {
    body = request.body;
  } else if (request.body) {
    const multipart = await multipartBody(request.body);
    body = multipart.bytes;
    headers['content-type'] = multipart.type;
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  // A connection of its own per call cannot be one the API closed while it was idle.
  if (request.connect) return exchange(url, request, headers, body);
  try {
    return await exchange(url, request, headers, body);
  } catch (error) {
    // A kept-alive connection the API closed just as it was reused: the request never reached it, so it is sent
    // once more on a new connection (Node's documented remedy, `request.reusedSocket`).
    if (!(error instanceof ReusedSocketReset)) throw error;
    return exchange(url, request, headers, body);
  }
}

class ReusedSocketReset extends Error {}

function exchange(
  url: URL,
  request: ApiRequest,
  headers: Record<string, string>,
  body: Buffer | string | undefined,
): Promise<ApiAnswer> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const connection = request.connect
      ? { createConnection: request.connect }
      : { agent: AGENTS[secure ? 'https:' : 'http:'] };
    const outgoing = (secure ? https : http).request(
      url,
      { method: request.method, headers, signal: request.signal, ...connection },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const header = (name: string) => {
            const value = incoming.headers[name];
            return Array.isArray(value) ? value.join(', ') : value;
          };
          resolve({
            status: incoming.statusCode ?? 502,
            statusText: incoming.statusMessage ?? '',
            header,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      reject(outgoing.reusedSocket && error.code === 'ECONNRESET' ? new ReusedSocketReset() : error);
    });
    outgoing.end(body);
  });
}

function failure(status: number, message: string): ApiResult<never> {
  return { ok: false, status, error: { statusCode: status, message } };
}

const unavailable = (): ApiResult<never> =>
  failure(503, 'The service is unavailable. Please try again later.');

function requestBody(options: CallOptions, headers: Record<string, string>): string | FormData | undefined {
  if (options.multipart) return options.multipart;
  if (options.body === undefined) return undefined;
  headers['content-type'] = 'application/json';
  const body: unknown = typeof options.body === 'function' ? (options.body as () => unknown)() : options.body;
  return JSON.stringify(body);
}

/**
 * Aborted when the browser goes away or after `ms`. `release` ends both watches once the answer is in, so that
 * nothing keeps the call alive for the rest of its timeout.
 */
function stopWaiting(visitor: AbortSignal, ms: number): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (visitor.aborted) stop();
  visitor.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(stop, ms);
  return {
    signal: controller.signal,
    release: () => {
      clearTimeout(timer);
      visitor.removeEventListener('abort', stop);
    },
  };
}

async function send<T>(
  { request, context }: RouteArgs,
  path: string,
  options: CallOptions,
  accessToken: string | null,
): Promise<ApiResult<T>> {
  // Loopback traffic gains nothing from compression: the API would compress and this end decompress.
  const headers: Record<string, string> = {
    accept: options.page ? 'text/html' : 'application/json',
    'accept-encoding': 'identity',
  };
  const languages = request.headers.get('Accept-Language');
  if (options.page && languages) headers['accept-language'] = languages;
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  // Every call comes from this server's address: the API's per-client rate limits need the visitor's. The API
  // replaces the incoming header with the address Express trusts before Remix sees it, so it is passed on as is.
  const forwardedFor = request.headers.get('X-Forwarded-For');
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  // A sign-in names its session by the browser's User-Agent (the account's signed-in devices), not this server's.
  const userAgent = request.headers.get('User-Agent');
  if (userAgent) headers['user-agent'] = userAgent;
  const body = requestBody(options, headers);

  let response: ApiAnswer;
  const waiting = stopWaiting(request.signal, options.timeoutMs ?? TIMEOUT_MS);
  try {
    response = await fetchApi(path, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: waiting.signal,
      connect: context.apiConnection,
    });
  } catch {
    return unavailable();
  } finally {
    waiting.release();
  }
  const { text } = response;
  if (options.page && response.status >= 200 && response.status < 300) {
    const page: ApiPage = { html: text, policy: response.header('content-security-policy') ?? null };
    return { ok: true, status: response.status, data: page as T };
  }

  let payload: unknown = null;
  if (text !== '') {
    try {
      payload = JSON.parse(text);
    } catch {
      return failure(502, 'The service sent an unreadable answer.');
    }
  }

  if (response.status >= 200 && response.status < 300) {
    // The API's answers are typed by @fitcoach/contracts and produced by the same repository, so they are trusted
    // to match T rather than validated field by field.
    const data = options.paginated ? listPage(payload, response) : payload;
    return { ok: true, status: response.status, data: data as T };
  }
  if (isApiError(payload)) return { ok: false, status: response.status, error: payload };
  return failure(response.status, response.statusText || 'Request failed');
}

function listPage(items: unknown, response: ApiAnswer): ListPage<unknown> {
  const list = Array.isArray(items) ? items : [];
  const total = Number(response.header('x-total-count'));
  return { items: list, total: Number.isInteger(total) && total >= 0 ? total : list.length };
}

// One renewal per HTTP request, shared by its loaders: the API rotates refresh tokens, so a second renewal with the
// same refresh token would count as reuse of a dead token and end the session.
const renewals = new WeakMap<RequestSession, Promise<ApiResult<TokenPairResponse> | null>>();

async function renew(args: RouteArgs, session: RequestSession): Promise<ApiResult<TokenPairResponse> | null> {
  const refresh = session.refreshToken;
  if (!refresh) return null;
  const result = await send<TokenPairResponse>(
    args,
    '/api/token/refresh/',
    { method: 'POST', body: { refresh } },
    null,
  );
  if (result.ok) {
    session.store(result.data);
  } else if (result.status === 400 || result.status === 401 || result.status === 403) {
    // A refused refresh token (expired, revoked, a blocked account) ends the session; an unreachable API does not.
    session.clear();
  }
  return result;
}

export async function call<T>(
  args: RouteArgs,
  path: string,
  options: CallOptions = {},
): Promise<ApiResult<T>> {
  if (options.auth === false) return send<T>(args, path, options, null);
  const session = getSession(args);
  const token = session.accessToken;
  const result = await send<T>(args, path, options, token);
  if (result.ok || result.status !== 401) return result;

  let renewal = renewals.get(session);
  if (!renewal) {
    renewal = renew(args, session);
    renewals.set(session, renewal);
  }
  const renewed = await renewal;
  // The refresh of a blocked account is refused with 403: that, not the expired token, is what the caller must hear.
  if (renewed && !renewed.ok && renewed.status === 403) return renewed;
  // Retry once, and only with a token other than the refused one (another loader may have renewed it already).
  if (session.accessToken !== null && session.accessToken !== token) {
    return send<T>(args, path, options, session.accessToken);
  }
  if (options.auth === 'optional' && token !== null) return send<T>(args, path, options, null);
  return result;
}
