import { env } from '~/utils/env.server';
import { robotsTxt } from '~/utils/sitemap';
import { siteFile } from '~/utils/sitemap.server';

export function loader() {
  return siteFile(robotsTxt(env.publicUrl), 'text/plain');
}
