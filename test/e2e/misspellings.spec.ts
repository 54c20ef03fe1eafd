import type { APIRequestContext } from '@playwright/test';
import { misspellingsIn } from '../fixtures/misspellings.js';
import { uniqueWord } from '../fixtures/words.js';
import { accessToken, expect, test } from './support/accounts.js';
import { apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { manifestPaths, manifestRoutes } from './support/manifest.js';
import { apiLessons, apiSubscribe } from './support/subscriptions.js';

/*
 * No page says any of the old misspellings (test/fixtures/misspellings.ts). The pages are every route of the built
 * Remix app's manifest, so a new page is scanned without being listed here; each is read as a visitor, a member, a
 * trainer and a superuser, with real ids in its path, and its text (what the page shows, its title, its images'
 * alternative texts, labels and placeholders) is checked. The pages' script data is not text: it holds the API's
 * JSON names, `specalized` among them.
 */

/** The manifest's paths, and those of routes that only take forms (no loader: nothing to read). */
async function pagePaths(): Promise<{ paths: string[]; formsOnly: string[] }> {
  return {
    paths: await manifestPaths(),
    formsOnly: (await manifestRoutes()).filter((route) => !route.hasLoader).map((route) => route.path),
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** What people read of an HTML answer: its text, and the attributes that are read out or shown. */
function readableText(html: string): string {
  const withoutCode = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ');
  const attributes = [
    ...withoutCode.matchAll(/\s(?:alt|title|placeholder|aria-label|label)="([^"]*)"/gi),
    ...withoutCode.matchAll(/<meta\s+(?:name|property)="[^"]*"\s+content="([^"]*)"/gi),
  ].map((match) => match[1]);
  return decode([withoutCode.replace(/<[^>]*>/g, ' '), ...attributes].join('\n'));
}

interface World {
  programId: number;
  trainerId: number;
  paymentId: number;
  /** The member, a subscriber of the trainer's. */
  memberId: number;
  cookies: Record<'member' | 'trainer' | 'superuser', string>;
}

async function sessionCookie(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/token/', { data: { email, password } });
  const { access, refresh } = (await response.json()) as { access: string; refresh: string };
  return `accessToken=${access}; refreshToken=${refresh}`;
}

async function makeWorld(request: APIRequestContext, superuser: { email: string; password: string }) {
  const { account: trainer, trainerId } = await apiTrainer(request);
  const programId = await apiProgram(request, trainer.auth, { program_name: `Scan ${uniqueWord()}` });
  await apiLessons(request, trainer.auth, programId, [
    { number: 1, title: 'Warm up', videoId: 'IODxDxX7oi4' },
  ]);
  await publishPrograms(request, [programId]);
  const member = await apiAccount(request);
  await apiSubscribe(request, member.auth, programId);
  const headers = { Authorization: `Bearer ${await accessToken(request, member.email, member.password)}` };
  const payments = await request.get('/api/payments/mine/', { headers });
  const [payment] = (await payments.json()) as { id: number }[];
  const { id: memberId } = (await (await request.get('/api/users/me/', { headers })).json()) as {
    id: number;
  };
  return {
    programId,
    trainerId,
    paymentId: payment.id,
    memberId,
    cookies: {
      member: await sessionCookie(request, member.email, member.password),
      trainer: await sessionCookie(request, trainer.email, trainer.password),
      superuser: await sessionCookie(request, superuser.email, superuser.password),
    },
  } satisfies World;
}

/** The path with the world's ids in its parameters. */
function concrete(path: string, world: World): string {
  return path
    .replace(':id/receipt', `${world.paymentId}/receipt`)
    .replace(':userId', String(world.memberId))
    .replace(':id', String(path.startsWith('/trainerPage') ? world.trainerId : world.programId))
    .replace(':token', 'not-a-real-link')
    .replace(':page', '1.xml')
    .replace('*', 'no/such/page');
}

/** The views a page shows by its query, scanned as well. */
const VIEWS = [
  '/trainerDashboard?view=programmes',
  '/trainerDashboard?view=create',
  '/trainerDashboard?view=subscribers',
  '/trainerDashboard?view=subscribed',
  '/userProfile?edit=1',
];

test('no page of the manifest shows an old misspelling, to anybody', async ({ request, superuser }) => {
  test.setTimeout(120_000);
  const { paths, formsOnly } = await pagePaths();
  expect(paths).toEqual(expect.arrayContaining(['/', '/about', '/programDetails/:id', '/admin/users', '/*']));
  const world = await makeWorld(request, superuser);
  const visitors = [['visitor', ''], ...Object.entries(world.cookies)] as const;
  const found: string[] = [];
  const read = new Set<string>();
  for (const path of [...paths.filter((p) => p !== '/logout'), ...VIEWS, '/logout']) {
    const url = concrete(path, world);
    // Signing out ends the session of the visitor who reads it: it is read by nobody signed in, and last.
    for (const [who, cookie] of path === '/logout' ? [visitors[0]] : visitors) {
      const response = await request.get(url, { headers: cookie ? { Cookie: cookie } : {} });
      expect(response.status(), `${who} ${url}`).toBeLessThan(500);
      // 405: a route that says it only takes forms, as its answer to a read.
      if (response.ok() || response.status() === 405) read.add(path);
      const type = response.headers()['content-type'] ?? '';
      // JSON (the account's export) is data for programs, with the API's field names.
      if (type.includes('json')) continue;
      const body = await response.text();
      const text = type.includes('html') ? readableText(body) : body;
      for (const problem of misspellingsIn(text)) found.push(`${who} ${url}: ${problem}`);
    }
  }
  expect(found).toEqual([]);
  // Every page answered someone with its content: not the not-found page, the one-off links, signing out (a
  // redirect) and the routes that only take forms.
  const unread = paths.filter(
    (path) => !read.has(path) && !formsOnly.includes(path) && !/\*|:token|^\/logout$/.test(path),
  );
  expect(unread).toEqual([]);
});
