import { useLocation } from '@remix-run/react';
import ui from '~/components/ui/ui.module.css';
import classes from './errors.module.css';

export function Unavailable() {
  const { pathname, search } = useLocation();
  return (
    <div className={`${ui.container} ${classes.narrow} ${classes.page}`}>
      <div className={classes.stack}>
        <p className={classes.code}>503</p>
        <h1 className={`${ui.title} ${classes.heading}`}>We&apos;ll be right back</h1>
        <p className={classes.dimmed}>FitCoach is briefly unavailable. Please try again in a minute.</p>
        <a href={pathname + search} className={`${ui.button} ${ui.filled} ${classes.action}`}>
          Try again
        </a>
      </div>
    </div>
  );
}
