import { Link } from '@remix-run/react';
import ui from '~/components/ui/ui.module.css';
import classes from './errors.module.css';

export function NotFound() {
  return (
    <div className={`${ui.container} ${classes.narrow} ${classes.page}`}>
      <div className={classes.stack}>
        <p className={classes.code}>404</p>
        <h1 className={`${ui.title} ${classes.heading}`}>This page does not exist</h1>
        <p className={classes.dimmed}>The page you are looking for could not be found.</p>
        <Link to="/" className={`${ui.button} ${ui.filled} ${classes.action}`}>
          Go Back
        </Link>
      </div>
    </div>
  );
}
