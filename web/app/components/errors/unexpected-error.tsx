import { isRouteErrorResponse, Link } from '@remix-run/react';
import ui from '~/components/ui/ui.module.css';
import classes from './errors.module.css';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  return 'Something went wrong. Please try again.';
}

/** The generic error screen (docs/product.md §8). Details of a thrown error are only shown to developers. */
export function UnexpectedError({ error }: { error: unknown }) {
  return (
    <div className={`${ui.container} ${ui.containerMd} ${classes.unexpected}`}>
      <h1 className={`${ui.title} ${classes.heading}`}>Unexpected Application Error!</h1>
      <p className={classes.dimmed}>{describe(error)}</p>
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className={classes.stackTrace}>{error.stack ?? error.message}</pre>
      ) : null}
      <Link to="/" className={`${ui.button} ${ui.filled} ${classes.fitContent}`}>
        Go to the home page
      </Link>
    </div>
  );
}
