import type { LoaderFunctionArgs } from '@remix-run/node';
import { env } from '~/utils/env.server';
import { sitemapXml } from '~/utils/sitemap';
import { siteFile, sitemapEntries } from '~/utils/sitemap.server';

/** The sitemap; past one page of URLs, the index of /sitemap/{n}.xml (docs/decisions/030-pages-found-and-shared.md). */
export async function loader(args: LoaderFunctionArgs) {
  return siteFile(sitemapXml(env.publicUrl, await sitemapEntries(args, 1)), 'application/xml');
}
