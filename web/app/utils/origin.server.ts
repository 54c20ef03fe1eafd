/**
 * False when the request names another site as its origin. Browsers send `Origin` with every POST; a request without
 * it is no browser, which cannot carry a visitor's cookies anyway.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('Origin');
  return origin === null || origin === new URL(request.url).origin;
}
