import { data } from '@remix-run/node';
import { isSameOrigin } from './origin.server';
import { getSession, type RouteArgs } from './session.server';
import { invariantResponse } from './invariant';

// Wrapped so token changes reach the browser whatever the route answers, a thrown redirect included. Remix merges
// and dedupes the loaders' Set-Cookie headers, so every wrapped loader may carry the same cookies.

type DataResult<D> = ReturnType<typeof data<D>>;
type WithCookies<R> = R extends Response ? R : R extends DataResult<infer D> ? DataResult<D> : DataResult<R>;

// Remix's own check for a `data()` result: the class is not exported by the packages the web app depends on.
function isDataResult(value: unknown): value is DataResult<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'DataWithResponseInit' &&
    'data' in value &&
    'init' in value
  );
}

function appendCookies(headers: Headers, cookies: string[]): void {
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
}

function withCookies<R>(result: R, cookies: string[]): WithCookies<R> {
  if (result instanceof Response) {
    appendCookies(result.headers, cookies);
    return result as WithCookies<R>;
  }
  if (isDataResult(result)) {
    const headers = new Headers(result.init?.headers);
    appendCookies(headers, cookies);
    return data(result.data, { ...result.init, headers }) as WithCookies<R>;
  }
  const headers = new Headers();
  appendCookies(headers, cookies);
  return data(result, { headers }) as WithCookies<R>;
}

export function sessionLoader<Args extends RouteArgs, R>(handler: (args: Args) => Promise<R>) {
  return async (args: Args): Promise<WithCookies<R>> => {
    const session = getSession(args);
    let result: R;
    try {
      result = await handler(args);
    } catch (error) {
      if (error instanceof Response) appendCookies(error.headers, session.setCookies());
      throw error;
    }
    return withCookies(result, session.setCookies());
  };
}

/**
 * sessionLoader for actions, refused with 403 from another origin (docs/architecture.md §5): Remix's own check misses
 * resource routes (sign-out) and an Origin with another scheme.
 */
export function sessionAction<Args extends RouteArgs, R>(handler: (args: Args) => Promise<R>) {
  return sessionLoader(async (args: Args) => {
    invariantResponse(isSameOrigin(args.request), 'This form was sent from another site.', { status: 403 });
    return handler(args);
  });
}
