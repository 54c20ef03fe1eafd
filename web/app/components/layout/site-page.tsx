import ui from '~/components/ui/ui.module.css';
import classes from './site-page.module.css';

/** `html` was rendered by micromark on the server, with the file's own HTML escaped (utils/site-pages.server.ts). */
export function SitePageView({ html }: { html: string }) {
  return (
    <div className={`${ui.container} ${ui.containerMd}`}>
      <article className={classes.page} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
