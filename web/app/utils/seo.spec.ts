import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { ProgramResponse, TrainerResponse } from '@fitcoach/contracts';
import {
  absoluteUrl,
  courseJsonLd,
  personJsonLd,
  privatePageMeta,
  publicUrlOf,
  scriptJson,
  sharedPageMeta,
  summary,
} from './seo';

const PUBLIC_URL = 'https://fit.example';

const PROGRAM: ProgramResponse = {
  id: 3,
  program_name: 'Calm Mornings',
  description: 'Thirty days of steady practice.',
  duration: 30,
  category: 'Yoga',
  level: 'Beginner',
  price: 499,
  currency: 'USD',
  cover_image: '/media/program/cover.webp',
  trainer: 7,
  trainer_name: 'Ada Tester',
  is_published: true,
  unlock: 'all',
  rating: { average: null, count: 0 },
  created_on: '2024-05-01T10:00:00.000Z',
  updated_on: '2024-05-01T10:00:00.000Z',
};

const TRAINER: TrainerResponse = {
  id: 7,
  user: 12,
  user_id: 12,
  username: 'Ada Tester',
  specalized: 'Yoga',
  about: 'Yoga teacher for everybody.',
  certifications: 'RYT-200',
  experience_years: 6,
  rating: null,
  review_count: 0,
  country: 'India',
  phone: null,
  profile_picture: null,
  verified: false,
};

function content(meta: ReturnType<typeof sharedPageMeta>, key: string): unknown {
  const tag = meta.find((descriptor) => {
    const fields = descriptor as Record<string, unknown>;
    return fields.property === key || fields.name === key;
  });
  return (tag as Record<string, unknown> | undefined)?.content;
}

describe(absoluteUrl.name, () => {
  it('puts a path after PUBLIC_URL and leaves an absolute URL alone', () => {
    expect(absoluteUrl(PUBLIC_URL, '/media/a.webp')).toBe('https://fit.example/media/a.webp');
    expect(absoluteUrl(PUBLIC_URL, 'media/a.webp')).toBe('https://fit.example/media/a.webp');
    expect(absoluteUrl(PUBLIC_URL, 'https://cdn.example/a.webp')).toBe('https://cdn.example/a.webp');
  });
});

describe(publicUrlOf.name, () => {
  it("reads the root loader's PUBLIC_URL, '' without it", () => {
    expect(
      publicUrlOf([
        { id: 'root', data: { publicUrl: PUBLIC_URL } },
        { id: 'x', data: null },
      ]),
    ).toBe(PUBLIC_URL);
    expect(publicUrlOf([{ id: 'root', data: undefined }])).toBe('');
  });
});

describe(summary.name, () => {
  it('keeps a short text, on one line', () => {
    expect(summary('Two\n lines')).toBe('Two lines');
  });

  it('cuts a long one at a word, with an ellipsis, within the length', () => {
    const text = summary('word '.repeat(100), 30);
    expect(text.length).toBeLessThanOrEqual(30);
    expect(text).toMatch(/^(word )+word…$/);
  });
});

describe(sharedPageMeta.name, () => {
  const page = {
    title: 'Calm Mornings',
    description: 'Thirty days.',
    publicUrl: PUBLIC_URL,
    path: '/programDetails/3',
    type: 'website' as const,
    imageAlt: 'Calm Mornings',
  };

  it('gives the cards an absolute image, the canonical address and a large Twitter card', () => {
    const meta = sharedPageMeta({ ...page, image: '/media/program/cover.webp' });
    expect(meta).toContainEqual({ title: 'Calm Mornings | FitCoach' });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://fit.example/programDetails/3',
    });
    expect(content(meta, 'og:url')).toBe('https://fit.example/programDetails/3');
    expect(content(meta, 'og:image')).toBe('https://fit.example/media/program/cover.webp');
    expect(content(meta, 'twitter:image')).toBe('https://fit.example/media/program/cover.webp');
    expect(content(meta, 'twitter:card')).toBe('summary_large_image');
    expect(content(meta, 'og:description')).toBe('Thirty days.');
  });

  it('has no image tags without an image, and a small card', () => {
    const meta = sharedPageMeta({ ...page, image: null });
    expect(content(meta, 'og:image')).toBeUndefined();
    expect(content(meta, 'twitter:image')).toBeUndefined();
    expect(content(meta, 'twitter:card')).toBe('summary');
  });
});

describe(privatePageMeta.name, () => {
  it('is titled, described and never indexed', () => {
    expect(privatePageMeta('Chat', 'Your conversations.')).toEqual([
      { title: 'Chat | FitCoach' },
      { name: 'description', content: 'Your conversations.' },
      { name: 'robots', content: 'noindex' },
    ]);
  });
});

describe(courseJsonLd.name, () => {
  it("is a Course by its trainer, offered at the programme's price in its currency", () => {
    expect(courseJsonLd(PROGRAM, PUBLIC_URL)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Calm Mornings',
      description: 'Thirty days of steady practice.',
      url: 'https://fit.example/programDetails/3',
      image: 'https://fit.example/media/program/cover.webp',
      provider: { '@type': 'Person', name: 'Ada Tester', url: 'https://fit.example/trainerPage/7' },
      offers: {
        '@type': 'Offer',
        category: 'Paid',
        price: '499.00',
        priceCurrency: 'USD',
        url: 'https://fit.example/programDetails/3',
      },
    });
  });
});

describe(personJsonLd.name, () => {
  it('is a Person with the specialisation, and no image without a picture', () => {
    const person = personJsonLd(TRAINER, PUBLIC_URL);
    expect(person).toMatchObject({
      '@type': 'Person',
      name: 'Ada Tester',
      jobTitle: 'Yoga trainer',
      url: 'https://fit.example/trainerPage/7',
    });
    expect(person).not.toHaveProperty('image');
  });
});

describe(scriptJson.name, () => {
  it('cannot end its script element, and reads back the same', () => {
    const data = { name: '</script><script>alert(1)</script><!-- & \u2028' };
    const json = scriptJson(data);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(data);
  });
});

/** The route modules that render a page (a default export), by path under web/app/routes. */
function pageRoutes(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pageRoutes(path, `${prefix}${name}/`);
    const isRoute = prefix === '' || name.startsWith('route.');
    return isRoute && /\.tsx?$/.test(name) && /^export default /m.test(readFileSync(path, 'utf8'))
      ? [`${prefix}${name}`]
      : [];
  });
}

describe('every page', () => {
  const routes = join(process.cwd(), 'web/app/routes');

  // The not-found page's meta is the root's; a pathless layout (`_app.tsx`) is no page of its own.
  const ownPages = pageRoutes(routes).filter(
    (route) => route !== '$.tsx' && !/^_(?!index\.)[^.]+\.tsx$/.test(route),
  );
  it.each(ownPages)('%s has a title and description of its own', (route) => {
    expect(readFileSync(join(routes, route), 'utf8')).toMatch(/^export const meta: MetaFunction/m);
  });
});
