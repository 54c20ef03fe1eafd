import type { LoaderFunctionArgs } from '@remix-run/node';
import { api } from './api/endpoints.server';
import { entriesPerPage, type EntriesPage } from './sitemap';

export async function sitemapEntries(args: LoaderFunctionArgs, page: number): Promise<EntriesPage> {
  const entries = await api.sitemap(args, { page, pageSize: entriesPerPage() });
  if (!entries.ok) {
    // A sitemap missing some pages would tell crawlers they are gone: none at all, and try again later.
    throw new Response('The sitemap is not available right now.', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60' },
    });
  }
  return entries.data;
}

/** Revalidated on every fetch, so a programme blocked a moment ago is not listed from a cache (ADR 010). */
export function siteFile(body: string, type: string): Response {
  return new Response(body, {
    headers: { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'no-cache' },
  });
}
