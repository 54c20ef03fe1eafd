import { siteName } from '~/utils/site-name';
import { siteFile } from '~/utils/sitemap.server';
import { webAppManifest } from '~/utils/app-manifest';

// What a browser installs the site as (docs/product.md, "Installing the app"): named after SITE_NAME.
export function loader() {
  return siteFile(JSON.stringify(webAppManifest(siteName())), 'application/manifest+json');
}
