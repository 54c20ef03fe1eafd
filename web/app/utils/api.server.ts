import { type ApiError, type HealthResponse, isApiError } from '@fitcoach/contracts';
import type { CurrentUser } from '~/types/user';
import { env } from './env.server';
import { accessTokenCookie } from './session.server';

/*
 * The web layer's only way to the REST API (ARCHITECTURE §3): loaders and actions are a client of it like any
 * other, so authentication, authorisation and validation stay in the API. Failures are values, never exceptions,
 * so a route decides what a 404 or an unreachable API means for its page.
 */

export type ApiResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface CallOptions {
  method?: Method;
  /** Sent as JSON. */
  body?: unknown;
}

// Longer than any healthy API answer, short enough that a hung API does not hold a page render indefinitely.
const TIMEOUT_MS = 10_000;

function failure(status: number, message: string): ApiResult<never> {
  return { ok: false, status, error: { statusCode: status, message } };
}

const unavailable = (): ApiResult<never> =>
  failure(503, 'The service is unavailable. Please try again later.');

async function call<T>(request: Request, path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = accessTokenCookie.parse(request);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  let text: string;
  try {
    response = await fetch(`${env.apiInternalUrl}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      // Stop waiting when the browser goes away, as well as after the timeout.
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(TIMEOUT_MS)]),
    });
    text = await response.text();
  } catch {
    return unavailable();
  }

  let payload: unknown = null;
  if (text !== '') {
    try {
      payload = JSON.parse(text);
    } catch {
      return failure(502, 'The service sent an unreadable answer.');
    }
  }

  if (response.ok) {
    // The API's answers are typed by @fitcoach/contracts and produced by the same repository, so they are trusted
    // to match T rather than validated field by field.
    return { ok: true, status: response.status, data: payload as T };
  }
  if (isApiError(payload)) return { ok: false, status: response.status, error: payload };
  return failure(response.status, response.statusText || 'Request failed');
}

export const api = {
  health: (request: Request) => call<HealthResponse>(request, '/api/health'),
  me: (request: Request) => call<CurrentUser>(request, '/api/users/me/'),
};
