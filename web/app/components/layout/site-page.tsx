import ui from '~/components/ui/ui.module.css';
import classes from './site-page.module.css';

/**
 * An operator-edited page (About, Contact, Privacy, Terms) in plain elements, as the home page. `html` is what
 * micromark rendered on the server from Markdown, with any HTML of the file escaped (utils/site-pages.server.ts).
 */
export function SitePageView({ html }: { html: string }) {
  return (
    <div className={`${ui.container} ${ui.containerMd}`}>
      <article className={classes.page} dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
