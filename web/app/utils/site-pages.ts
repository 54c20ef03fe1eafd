import type { MetaDescriptor } from '@remix-run/node';
import { publicPageMeta, publicUrlOf } from './seo';

/** The site's own pages that the footer links to; their text is Markdown the operator edits (site-pages.server.ts). */
export const SITE_PAGES = [
  { slug: 'about', label: 'About', description: 'Who runs this site and what it offers.' },
  { slug: 'contact', label: 'Contact', description: 'How to reach the people who run this site.' },
  { slug: 'privacy', label: 'Privacy policy', description: 'What this site stores about you, and why.' },
  { slug: 'terms', label: 'Terms of use', description: 'The rules for using this site.' },
] as const;

export type SitePageSlug = (typeof SITE_PAGES)[number]['slug'];

/** The page's first heading as its title (the footer's label without one); a public page, indexed. */
export function sitePageMeta(
  slug: SitePageSlug,
  data: { title: string | null } | undefined,
  matches: Parameters<typeof publicUrlOf>[0],
): MetaDescriptor[] {
  const page = SITE_PAGES.find((entry) => entry.slug === slug) ?? SITE_PAGES[0];
  return publicPageMeta({
    title: data?.title ?? page.label,
    description: page.description,
    publicUrl: publicUrlOf(matches),
    path: `/${slug}`,
  });
}
