import type { ApiResult } from './api/transport.server';

// As the Epic Stack's invariantResponse: the route's ErrorBoundary (components/error-boundary.tsx) draws the refusal.

export function invariantResponse(
  condition: unknown,
  message: string,
  init: ResponseInit = { status: 400 },
): asserts condition {
  if (!condition) throw new Response(message, init);
}

/** The data of a successful API answer; a failed one is thrown in the API's words, with its status. */
export function dataOrThrow<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new Response(result.error.message, { status: result.status });
}
