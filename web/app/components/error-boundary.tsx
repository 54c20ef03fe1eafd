import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { NotFound } from '~/components/errors/not-found';
import { Unavailable } from '~/components/errors/unavailable';
import { UnexpectedError } from '~/components/errors/unexpected-error';

/** docs/product.md §8's error screens; a page's own boundary keeps the root's toast and navigation around it. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 503) return <Unavailable />;
  return <UnexpectedError error={error} />;
}
