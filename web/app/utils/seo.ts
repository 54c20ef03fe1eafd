import {
  minorUnitDigits,
  type ProgramResponse,
  type RatingSummary,
  type TrainerResponse,
} from '@fitcoach/contracts';
import type { MetaDescriptor } from '@remix-run/node';
import { isRouteErrorResponse, useRouteLoaderData } from '@remix-run/react';
import { siteName } from './site-name';

// What search engines and link previews read (docs/decisions/030-pages-found-and-shared.md). Absolute addresses
// start at PUBLIC_URL from the root loader: meta functions run in the browser too.

/** Search engines show about this many characters of a description. */
export const DESCRIPTION_MAX_LENGTH = 160;

interface RootMatch {
  id: string;
  data: unknown;
}

/** PUBLIC_URL as the root loader sends it; '' when the root has no data (an error before it loaded). */
export function publicUrlOf(matches: readonly (RootMatch | undefined)[]): string {
  const root = matches.find((match) => match?.id === 'root')?.data;
  return typeof root === 'object' &&
    root !== null &&
    'publicUrl' in root &&
    typeof root.publicUrl === 'string'
    ? root.publicUrl
    : '';
}

export function usePublicUrl(): string {
  return publicUrlOf([{ id: 'root', data: useRouteLoaderData('root') }]);
}

/** `path` (a site path or an absolute URL, as the API gives pictures) as an absolute URL. */
export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${publicUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

const PUNCTUATION = /^[\s,.;:!?-]$/;

/** Read from the end: a forward pattern is quadratic on a long run of punctuation, lookbehind isn't everywhere. */
function withoutTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && PUNCTUATION.test(text[end - 1])) end -= 1;
  return text.slice(0, end);
}

export function summary(text: string, max = DESCRIPTION_MAX_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${withoutTrailingPunctuation(atWord > max / 2 ? cut.slice(0, atWord) : cut)}…`;
}

const titled = (title: string) => `${title} | ${siteName()}`;

export interface PublicPage {
  title: string;
  description: string;
  publicUrl: string;
  /** The page's path, without the query: tracking and filter parameters do not make another page. */
  path: string;
}

export function publicPageMeta({ title, description, publicUrl, path }: PublicPage): MetaDescriptor[] {
  return [
    { title: titled(title) },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: absoluteUrl(publicUrl, path) },
  ];
}

export interface SharedPage extends PublicPage {
  type: 'website' | 'profile';
  /** The cover or avatar (a `/media/...` path); without one no image tags, and a small card. */
  image: string | null;
  imageAlt: string;
}

export function sharedPageMeta(page: SharedPage): MetaDescriptor[] {
  const url = absoluteUrl(page.publicUrl, page.path);
  const image = page.image === null ? null : absoluteUrl(page.publicUrl, page.image);
  const title = titled(page.title);
  return [
    ...publicPageMeta(page),
    { property: 'og:site_name', content: siteName() },
    { property: 'og:type', content: page.type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image === null ? 'summary' : 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    ...(image === null
      ? []
      : [
          { property: 'og:image', content: image },
          { property: 'og:image:alt', content: page.imageAlt },
          { name: 'twitter:image', content: image },
          { name: 'twitter:image:alt', content: page.imageAlt },
        ]),
  ];
}

/** A page of a signed-in visitor or a one-off link: titled and described, never indexed. */
export function privatePageMeta(title: string, description: string): MetaDescriptor[] {
  return [
    { title: titled(title) },
    { name: 'description', content: description },
    { name: 'robots', content: 'noindex' },
  ];
}

/** An error screen's (a page not found, a refusal, a failure): never indexed. */
export function errorPageMeta(error: unknown): MetaDescriptor[] {
  return isRouteErrorResponse(error) && error.status === 404
    ? privatePageMeta('Page not found', 'There is no page at this address.')
    : privatePageMeta('Something went wrong', 'This page could not be shown.');
}

export const programPath = (id: number) => `/programDetails/${id}`;
export const trainerPath = (id: number) => `/trainerPage/${id}`;

type JsonLd = Record<string, unknown>;

/** A programme as schema.org's Course, with its standing as an AggregateRating once it has reviews. */
export function courseJsonLd(
  program: ProgramResponse,
  publicUrl: string,
  rating: RatingSummary = program.rating,
): JsonLd {
  const url = absoluteUrl(publicUrl, programPath(program.id));
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: program.program_name,
    description: summary(program.description, 500),
    url,
    ...(program.cover_image && { image: absoluteUrl(publicUrl, program.cover_image) }),
    provider: {
      '@type': 'Person',
      name: program.trainer_name,
      url: absoluteUrl(publicUrl, trainerPath(program.trainer)),
    },
    offers: {
      '@type': 'Offer',
      category: 'Paid',
      // schema.org wants a plain number with the currency's decimals ("3900" yen, "39.00" dollars).
      price: program.price.toFixed(minorUnitDigits(program.currency)),
      priceCurrency: program.currency,
      url,
    },
    ...(rating.average !== null &&
      rating.count > 0 && {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: rating.average,
          ratingCount: rating.count,
          bestRating: 5,
          worstRating: 1,
        },
      }),
  };
}

export function personJsonLd(trainer: TrainerResponse, publicUrl: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: trainer.username,
    jobTitle: `${trainer.specalized} trainer`,
    knowsAbout: trainer.specalized,
    description: summary(trainer.about, 500),
    url: absoluteUrl(publicUrl, trainerPath(trainer.id)),
    ...(trainer.profile_picture && { image: absoluteUrl(publicUrl, trainer.profile_picture) }),
  };
}

/** `<`, `>` and `&` as `\u` escapes, so no text of the data (`</script>...`) can end the element or comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
