import { NotFound } from '~/components/errors/not-found';

/*
 * Every path that no other route matches. Throwing (rather than rendering) gives the response its 404 status, and
 * the root ErrorBoundary draws the page. A POST to an unknown path is a 404 too, not a 405.
 */
export function loader(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/** @alias the same answer to a POST */
export const action = loader;

// A component makes this a page route rather than a resource route, so the 404 is answered with HTML.
export default function NotFoundRoute() {
  return <NotFound />;
}
