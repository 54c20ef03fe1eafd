import { NotFound } from '~/components/errors/not-found';

// Throwing gives the response its 404 status; the root ErrorBoundary draws the page. A POST is a 404 too, not a 405.
export function loader(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/** @alias the same answer to a POST (knip reads the tag) */
export const action = loader;

// A component makes this a page route rather than a resource route, so the 404 is answered with HTML.
export default function NotFoundRoute() {
  return <NotFound />;
}
