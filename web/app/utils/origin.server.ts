/**
 * True unless the request names another site as its origin. Browsers send `Origin` with every POST, so a form
 * posted from elsewhere is caught here even before SameSite=Lax keeps the session cookies off it. A request
 * without the header comes from a non-browser client, which cannot carry a visitor's cookies anyway.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('Origin');
  return origin === null || origin === new URL(request.url).origin;
}
