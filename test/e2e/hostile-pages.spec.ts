import { randomUUID } from 'node:crypto';
import { NEW_PROGRAM_FIELDS } from '@fitcoach/contracts';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect, test } from './support/accounts.js';
import { apiProgram, apiTrainer } from './support/catalogue.js';
import { manifestPaths } from './support/manifest.js';
import { runCli } from './support/process.js';

/*
 * Never a 500 for bad input, on the site's side: every page of the built Remix app, read from its route manifest so
 * that a new page is walked without touching this file, gets hostile path parameters, query strings, cookies and
 * form posts, as a visitor, a trainer and a superuser. No answer may be a 5xx, and no redirect may leave the site.
 */

async function pagePaths(): Promise<string[]> {
  const paths = await manifestPaths();
  // Signing out ends the walking visitor's session: walk that page last.
  return [...paths.filter((path) => path !== '/logout'), '/logout'];
}

const UNICODE = '\u202eü🏋\uFEFF漢字';
const CONTROL = '\u0000\u0001\u001b[31m\u007f';

const HOSTILE_PARAMS = [
  '0',
  '-1',
  '1e21',
  '99999999999999999999',
  'abc',
  '%00',
  '%E0%A4%A',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  encodeURIComponent(UNICODE),
  'x'.repeat(3000),
];

const HOSTILE_QUERIES = [
  'page=1e21',
  'page=99999999999999999999&page_size=-1',
  'page=-1',
  'page=1&page=2',
  'q[]=x&category[a]=y&level=%00',
  'q=%E0%A4%A',
  `q=${encodeURIComponent(UNICODE)}&category=${'x'.repeat(3000)}`,
  'redirectTo=//evil.example/&redirect=https://evil.example/',
  'redirectTo=%2F%2Fevil.example&next=javascript:alert(1)',
  '_data=root&index&_routes=%00',
];

const HOSTILE_COOKIES = [
  'accessToken=%',
  'accessToken=%E0%A4%A; refreshToken=%',
  'refreshToken=a.b.c',
  'accessToken=eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.; refreshToken=',
  `toast=%; accessToken=${'a'.repeat(4000)}`,
  'toast=eyJ9; __session=%',
];

/** Every field name the site's forms use, and a few they do not. */
const FORM_FIELDS = [
  '_action',
  'intent',
  'id',
  'email',
  'password',
  'password2',
  'first_name',
  'last_name',
  ...NEW_PROGRAM_FIELDS,
  'title',
  'lesson_number',
  'video_url',
  'specalized',
  'phone',
  'certifications',
  'experience_years',
  'country',
  'about',
  'height',
  'weight',
  'body_fat',
  'age',
  'token',
  'redirectTo',
  'website',
];

// Every field gets the value: the long one keeps the whole form small enough that a page which answers before
// reading it (405 where there is no action) is not still sending when the server closes the connection.
const HOSTILE_VALUES = ['', 'x'.repeat(1500), `${CONTROL}${UNICODE}`, '-1e21', '//evil.example/'];

interface Visitor {
  name: string;
  cookie?: string;
}

async function sessionCookie(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/token/', { data: { email, password } });
  expect(response.status()).toBe(200);
  const { access, refresh } = (await response.json()) as { access: string; refresh: string };
  return `accessToken=${access}; refreshToken=${refresh}`;
}

/** What is wrong with an answer: a 5xx, or a redirect to another site. */
function problem(response: APIResponse): string | null {
  if (response.status() >= 500) return `status ${response.status()}`;
  const location = response.headers()['location'];
  if (location === undefined) return null;
  const target = new URL(location, 'http://site.invalid');
  return target.host === 'site.invalid' ? null : `redirects to ${location}`;
}

test.describe('every page refuses hostile input without a 5xx', () => {
  // One walk per visitor: each makes a few hundred requests to a server shared by two workers.
  test.describe.configure({ timeout: 180_000 });

  let paths: string[];
  let ids: { program: number; trainer: number };
  let visitors: Visitor[];

  test.beforeAll(async ({ request }) => {
    paths = await pagePaths();
    const { account, trainerId } = await apiTrainer(request);
    ids = { program: await apiProgram(request, account.auth), trainer: trainerId };
    visitors = [
      { name: 'visitor' },
      { name: 'trainer', cookie: await sessionCookie(request, account.email, account.password) },
    ];
    const admin = { email: `admin-${randomUUID().slice(0, 12)}@example.com`, password: `pw-${randomUUID()}` };
    await runCli('api/dist/cli/create-superuser.js', ['--email', admin.email, '--password', admin.password], {
      DATA_DIR: process.env.E2E_DATA_DIR ?? '',
    });
    visitors.push({ name: 'superuser', cookie: await sessionCookie(request, admin.email, admin.password) });
  });

  test('the walk covers every page of the manifest', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/programmes',
        '/programDetails/:id',
        '/admin/users',
        '/verify/:token',
        '/*',
      ]),
    );
  });

  /** The page with real ids in its parameters, so hostile queries and posts reach its loader and action. */
  function validPath(path: string): string {
    return path
      .replace(':id', String(path.startsWith('/trainerPage') ? ids.trainer : ids.program))
      .replace(':token', 'not-a-token')
      .replace('*', 'no-such-page');
  }

  for (const index of [0, 1, 2]) {
    test(`hostile paths, queries, cookies and form posts, visitor #${index}`, async ({ request }) => {
      const visitor = visitors[index];
      const failures: string[] = [];
      const send = async (
        label: string,
        method: 'GET' | 'POST',
        url: string,
        options: {
          headers?: Record<string, string>;
          form?: Record<string, string>;
          multipart?: Record<string, string>;
          data?: string;
        } = {},
      ) => {
        const headers = { ...(visitor.cookie ? { Cookie: visitor.cookie } : {}), ...options.headers };
        const response = await request.fetch(url, { method, maxRedirects: 0, ...options, headers });
        const found = problem(response);
        if (found) failures.push(`${visitor.name} ${method} ${url.slice(0, 80)} ${label}: ${found}`);
      };

      for (const path of paths) {
        const page = validPath(path);
        for (const value of path.includes(':') || path.includes('*') ? HOSTILE_PARAMS : []) {
          await send('param', 'GET', path.replace(/:\w+|\*/, value));
        }
        for (const query of HOSTILE_QUERIES) await send('query', 'GET', `${page}?${query}`);
        // The single-fetch data twin runs the same loaders: a few queries show that it refuses the same way.
        for (const query of HOSTILE_QUERIES.slice(0, 3)) {
          await send('data query', 'GET', `${page === '/' ? '/_root' : page}.data?${query}`);
        }
        for (const cookie of HOSTILE_COOKIES) {
          const response = await request.get(page, { headers: { Cookie: cookie }, maxRedirects: 0 });
          const found = problem(response);
          if (found) failures.push(`GET ${page} cookie ${cookie.slice(0, 40)}: ${found}`);
        }
        for (const value of HOSTILE_VALUES) {
          const form = Object.fromEntries(FORM_FIELDS.map((field) => [field, value]));
          await send(`form ${value.slice(0, 20)}`, 'POST', page, { form });
          await send(`multipart ${value.slice(0, 20)}`, 'POST', page, { multipart: form });
        }
        const raw: [string, string][] = [
          ['multipart/form-data', 'garbage'],
          ['multipart/form-data; boundary=xyz', '--xyz\r\ngarbage'],
          ['application/x-www-form-urlencoded', '%=%&email[]=1&a%E0%A4%A=1'],
          ['application/json', '{"email":'],
          ['text/plain', CONTROL],
        ];
        for (const [type, data] of raw) {
          await send(`raw ${type}`, 'POST', page, { headers: { 'Content-Type': type }, data });
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
