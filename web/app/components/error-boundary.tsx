import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { NotFound } from '~/components/errors/not-found';
import { Unavailable } from '~/components/errors/unavailable';
import { UnexpectedError } from '~/components/errors/unexpected-error';

/**
 * The error screen of the root and of every page with a boundary of its own: a 404 is "This page does not exist",
 * a 503 (the API or its database away) "We'll be right back", anything else the generic screen (docs/product.md §8). A page's own boundary keeps the root's toast and the signed-in
 * navigation around the error, which the root's boundary cannot.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 503) return <Unavailable />;
  return <UnexpectedError error={error} />;
}
