import type { MetaFunction } from '@remix-run/node';
import ui from '~/components/ui/ui.module.css';
import classes from '~/components/errors/errors.module.css';
import { privatePageMeta } from '~/utils/seo';
import { siteName } from '~/utils/site-name';

export const meta: MetaFunction = () =>
  privatePageMeta('You are offline', 'This page is shown when the network cannot be reached.');

/**
 * The service worker (web/public/sw.js) keeps this page and shows it for any page the network cannot bring. It runs
 * no JavaScript (root.tsx leaves the scripts out), so it shows whole at whatever address it stands in for.
 */
export const handle = { hydrate: false };

export default function OfflineRoute() {
  return (
    <div className={`${ui.container} ${classes.narrow} ${classes.page}`}>
      <div className={classes.stack}>
        <h1 className={`${ui.title} ${classes.heading}`}>You are offline</h1>
        <p className={classes.dimmed}>
          {siteName()} cannot be reached without a network connection. Check your connection, then reload the
          page.
        </p>
        <a href="/" className={`${ui.button} ${ui.filled} ${classes.action}`}>
          Go to the home page
        </a>
      </div>
    </div>
  );
}
