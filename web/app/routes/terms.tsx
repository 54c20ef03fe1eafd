import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SitePageView } from '~/components/layout/site-page';
import { sitePageMeta } from '~/utils/site-pages';
import { sitePage } from '~/utils/site-pages.server';

export const loader = () => sitePage('terms');

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => sitePageMeta('terms', data, matches);

export default function SitePageRoute() {
  return <SitePageView html={useLoaderData<typeof loader>().html} />;
}
