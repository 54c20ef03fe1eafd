import { SITEMAP_LIMITS } from '@fitcoach/contracts';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { env } from '~/utils/env.server';
import { invariantResponse } from '~/utils/invariant';
import { sitemapPageXml } from '~/utils/sitemap';
import { siteFile, sitemapEntries } from '~/utils/sitemap.server';

export async function loader(args: LoaderFunctionArgs) {
  const page = Number(/^([1-9]\d{0,5})\.xml$/.exec(args.params.page ?? '')?.[1]);
  invariantResponse(page <= SITEMAP_LIMITS.maxSitemaps, 'Not Found', { status: 404 });
  const xml = sitemapPageXml(env.publicUrl, page, await sitemapEntries(args, page));
  invariantResponse(xml !== null, 'Not Found', { status: 404 });
  return siteFile(xml, 'application/xml');
}
