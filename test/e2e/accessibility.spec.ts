import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Credentials, expect, signIn, superuserAuth, test } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { datetime, execute } from './support/database.js';
import { apiLessons, apiSubscribe } from './support/subscriptions.js';
import { uniqueWord } from '../fixtures/words.js';
import { plainImage } from '../fixtures/images.js';

/*
 * Every page of the app passes axe-core's WCAG 2.2 A and AA rules (docs/decisions/032-accessible-colours.md), in the light and
 * the dark scheme, on a desktop and on a phone (LOOKS). The pages come from web/app/routes: a route file with a default
 * export is a page, and a page without a visit below fails the first test, so a new page cannot go unchecked.
 */

// The not-found page and a used verification link answer 4xx; Chromium logs each as an error.
test.use({
  expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 4\d\d/],
});

const ROUTES = 'web/app/routes';

/** A pathless layout (`_app.tsx`) adds nothing to a URL: it is visited through its pages. */
const PATHLESS_LAYOUT = /^_(?!index$)[^.]+$/;
const IN_PATHLESS_LAYOUT = /^_(?!index$)[^.]+\./;

/**
 * The pages: route files (a folder's route.tsx) that export a component, named as their URL reads, without the
 * pathless layout they sit in (`_app.login` is `login`).
 */
function pageRoutes(): string[] {
  return readdirSync(ROUTES).flatMap((entry) => {
    const file = statSync(join(ROUTES, entry)).isDirectory()
      ? join(ROUTES, entry, 'route.tsx')
      : join(ROUTES, entry);
    const name = entry.replace(/\.tsx$/, '');
    if (!file.endsWith('.tsx') || !existsSync(file) || PATHLESS_LAYOUT.test(name)) return [];
    return /^export default /m.test(readFileSync(file, 'utf8')) ? [name.replace(IN_PATHLESS_LAYOUT, '')] : [];
  });
}

/** A trainer with a published programme of two lessons, one a day, and a member who bought it today. */
interface World {
  trainer: ApiAccount;
  trainerId: number;
  member: ApiAccount;
  memberId: number;
  programId: number;
  /** The trainer's report of the member's review: the superusers' Reviews page lists it. */
  reportId: number;
}

type Who = 'anonymous' | 'member' | 'trainer' | 'superuser';

interface Visit {
  as: Who;
  path: (world: World) => string;
  /** Tells apart two visits of one page by the same role. */
  view?: string;
}

const at = (path: string) => (): string => path;

/** Each page, as whom and where. A layout route is visited through one of its pages. */
const VISITS: Record<string, Visit[]> = {
  $: [{ as: 'anonymous', path: at('/no/such/page') }],
  about: [{ as: 'anonymous', path: at('/about') }],
  contact: [{ as: 'anonymous', path: at('/contact') }],
  privacy: [{ as: 'anonymous', path: at('/privacy') }],
  terms: [{ as: 'anonymous', path: at('/terms') }],
  offline: [{ as: 'anonymous', path: at('/offline') }],
  _index: [
    { as: 'anonymous', path: at('/') },
    { as: 'member', path: at('/') },
  ],
  'account.payments': [{ as: 'member', path: at('/account/payments') }],
  'account.delete': [{ as: 'member', path: at('/account/delete') }],
  admin: [{ as: 'superuser', path: at('/admin/users') }],
  'admin.dashboard': [{ as: 'superuser', path: at('/admin/dashboard') }],
  'admin.failedJobs': [{ as: 'superuser', path: at('/admin/failedJobs') }],
  'admin.fitnessPrograms': [{ as: 'superuser', path: at('/admin/fitnessPrograms') }],
  'admin.requestNotificaions': [{ as: 'superuser', path: at('/admin/requestNotificaions') }],
  'admin.reviews': [
    { as: 'superuser', path: at('/admin/reviews') },
    { as: 'superuser', path: (w) => `/admin/reviews?hide=${w.reportId}`, view: 'hide dialog' },
    { as: 'superuser', path: at('/admin/reviews?view=hidden'), view: 'hidden' },
  ],
  'admin.settings': [{ as: 'superuser', path: at('/admin/settings') }],
  'admin.settings.activity': [{ as: 'superuser', path: at('/admin/settings/activity') }],
  'admin.settings.superusers': [{ as: 'superuser', path: at('/admin/settings/superusers') }],
  'admin.trainers': [{ as: 'superuser', path: at('/admin/trainers') }],
  'admin.users': [{ as: 'superuser', path: at('/admin/users') }],
  chat: [
    { as: 'member', path: at('/chat') },
    { as: 'trainer', path: at('/chat') },
  ],
  findTrainer: [{ as: 'anonymous', path: at('/findTrainer') }],
  insights: [
    { as: 'trainer', path: at('/insights') },
    { as: 'member', path: at('/insights') },
  ],
  'forgot-password': [{ as: 'anonymous', path: at('/forgot-password') }],
  login: [{ as: 'anonymous', path: at('/login') }],
  'programDetails.$id': [
    { as: 'anonymous', path: (w) => `/programDetails/${w.programId}` },
    { as: 'member', path: (w) => `/programDetails/${w.programId}` },
    // Not subscribed, so the Payment step opens, with its schedule fields.
    { as: 'superuser', path: (w) => `/programDetails/${w.programId}?checkout=1`, view: 'payment' },
  ],
  'programLesson.$id': [
    { as: 'member', path: (w) => `/programLesson/${w.programId}` },
    { as: 'member', path: (w) => `/programLesson/${w.programId}?schedule=edit`, view: 'schedule form' },
    { as: 'trainer', path: (w) => `/programLesson/${w.programId}` },
  ],
  programmes: [
    { as: 'anonymous', path: at('/programmes') },
    { as: 'member', path: at('/programmes') },
  ],
  record: [{ as: 'member', path: at('/record') }],
  register: [{ as: 'anonymous', path: at('/register') }],
  'reset-password.$token': [{ as: 'anonymous', path: at('/reset-password/not-a-real-link') }],
  'subscribers.$userId.record': [{ as: 'trainer', path: (w) => `/subscribers/${w.memberId}/record` }],
  'trainer.profile': [{ as: 'trainer', path: at('/trainer/profile') }],
  trainerDashboard: [
    { as: 'trainer', path: at('/trainerDashboard') },
    { as: 'member', path: at('/trainerDashboard?view=subscribed') },
    { as: 'trainer', path: at('/trainerDashboard?view=subscribers'), view: 'subscribers' },
  ],
  'trainerPage.$id': [{ as: 'anonymous', path: (w) => `/trainerPage/${w.trainerId}` }],
  trainerRegister: [{ as: 'anonymous', path: at('/trainerRegister') }],
  userProfile: [{ as: 'member', path: at('/userProfile') }],
  'unsubscribe.reminders': [{ as: 'anonymous', path: at('/unsubscribe/reminders?token=1.not-a-real-link') }],
  'verify.$token': [{ as: 'anonymous', path: at('/verify/not-a-real-link') }],
};

/**
 * Each page in both schemes and on both screens, paired so that a page is loaded twice rather than four times (the
 * suite runs on every CI pass): the light scheme on a desktop, the dark one on a phone.
 */
const LOOKS = [
  { scheme: 'light', viewport: { name: 'desktop', width: 1280, height: 800 } },
  { scheme: 'dark', viewport: { name: 'phone', width: 360, height: 740 } },
] as const;

/** Mantine's color scheme script reads the visitor's choice from here before the page paints. */
const SCHEME_KEY = 'mantine-color-scheme-value';

let world: Promise<World> | undefined;

/** Made once per worker, through the API. */
function worldOnce(request: APIRequestContext): Promise<World> {
  world ??= (async () => {
    const { account: trainer, trainerId } = await apiTrainer(request);
    // Lessons open one a day: the member's second lesson is locked, the dashboard lays out their days.
    const programId = await apiProgram(request, trainer.auth, {
      program_name: `Axe ${uniqueWord()}`,
      unlock: 'daily',
    });
    await apiLessons(request, trainer.auth, programId, [
      { number: 1, title: 'Warm up', videoId: 'IODxDxX7oi4' },
      { number: 2, title: 'Stretch', videoId: 'aclHkVaku9U' },
    ]);
    await publishPrograms(request, [programId]);
    const member = await apiAccount(request);
    await apiSubscribe(request, member.auth, programId);
    // A workout and two days of measurements: the record pages show their lists, charts and tables.
    const logged = await request.post(`/api/lessons/${programId}-1/logs/`, {
      headers: member.auth,
      data: { effort: 6, exercises: [{ name: 'Squat', sets: [{ reps: 5, weight: 60 }] }] },
    });
    expect(logged.status()).toBe(201);
    for (const [measured_on, weight] of [['2026-01-01', 80] as const, ['2026-02-01', 79] as const]) {
      const measured = await request.post('/api/users/measurements/', {
        headers: member.auth,
        data: { measured_on, weight, waist: 90 },
      });
      expect(measured.status()).toBe(201);
    }
    // Half the programme done, then a review with the trainer's answer: the programme page lists it, and the
    // superusers' Reviews page its report.
    const done = await request.get(`/api/fitness_programs/updatelessonProgress/${programId}-1/`, {
      headers: member.auth,
    });
    expect(done.ok()).toBe(true);
    const review = await request.post(`/api/fitness_programs/${programId}/reviews/`, {
      headers: member.auth,
      data: { stars: 4, title: 'Calm and clear', text: 'Two gentle lessons, well explained.' },
    });
    expect(review.status()).toBe(201);
    const answered = await request.post(`/api/reviews/${(await review.json()).id}/answer/`, {
      headers: trainer.auth,
      data: { text: 'Thank you!' },
    });
    expect(answered.status()).toBe(201);
    const reported = await request.post(`/api/reviews/${(await review.json()).id}/reports/`, {
      headers: trainer.auth,
      data: { reason: 'Please check this review.' },
    });
    expect(reported.status()).toBe(201);
    const { id: reportId } = (await reported.json()) as { id: number };
    // A second member's review, hidden by a superuser: the Reviews page's Hidden view lists it.
    const critic = await apiAccount(request);
    await apiSubscribe(request, critic.auth, programId);
    const criticDone = await request.get(`/api/fitness_programs/updatelessonProgress/${programId}-1/`, {
      headers: critic.auth,
    });
    expect(criticDone.ok()).toBe(true);
    const criticReview = await request.post(`/api/fitness_programs/${programId}/reviews/`, {
      headers: critic.auth,
      data: { stars: 1, title: 'Not for me', text: 'Buy my shop’s plan instead.' },
    });
    expect(criticReview.status()).toBe(201);
    const hidden = await request.put(`/api/admin/reviews/${(await criticReview.json()).id}/hidden/`, {
      headers: await superuserAuth(request),
      data: { reason: 'An advertisement.' },
    });
    expect(hidden.status()).toBe(200);
    // Two days of front photos, shared: both record pages show a comparison and the gallery.
    for (const [taken_on, width] of [['2026-01-01', 40] as const, ['2026-02-01', 36] as const]) {
      const photo = await request.post('/api/users/photos/', {
        headers: member.auth,
        multipart: {
          pose: 'front',
          taken_on,
          image: { name: 'front.png', mimeType: 'image/png', buffer: await plainImage(width, 60) },
        },
      });
      expect(photo.status()).toBe(201);
    }
    const shared = await request.put(`/api/users/record_sharing/${trainerId}/`, {
      headers: member.auth,
      data: { photos: true },
    });
    expect(shared.status()).toBe(200);
    const me = await request.get('/api/users/me/', { headers: member.auth });
    const { id: memberId } = (await me.json()) as { id: number };
    // A second member who bought it ten days ago and never began: the trainer's insights list them as quiet.
    const quiet = await apiAccount(request);
    await apiSubscribe(request, quiet.auth, programId);
    const quietMe = await request.get('/api/users/me/', { headers: quiet.auth });
    await execute('UPDATE subscription SET started_at = ? WHERE user_id = ? AND program_id = ?', [
      datetime(new Date(Date.now() - 10 * 86_400_000)),
      ((await quietMe.json()) as { id: number }).id,
      programId,
    ]);
    return { trainer, trainerId, member, memberId, programId, reportId };
  })();
  return world;
}

/** axe's WCAG 2.0–2.2 A and AA rules on the page as it is, each violation with the elements it found. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`,
  );
}

test('every page of web/app/routes has its visits in this suite', () => {
  expect(Object.keys(VISITS).sort()).toEqual(pageRoutes().sort());
});

for (const [route, visits] of Object.entries(VISITS)) {
  for (const visit of visits) {
    test(`${route}${visit.view ? ` (${visit.view})` : ''} as ${visit.as}: no axe violation in the light scheme on a desktop and the dark one on a phone`, async ({
      page,
      request,
      superuser,
    }) => {
      const w = await worldOnce(request);
      const accounts: Record<Who, Credentials | null> = {
        anonymous: null,
        member: w.member,
        trainer: w.trainer,
        superuser,
      };
      const account = accounts[visit.as];
      if (account) await signIn(page, account);
      const found: string[] = [];
      for (const { scheme, viewport } of LOOKS) {
        await page.addInitScript(
          ([key, value]) => {
            // Frames of other sites (the lesson's video) may not use this site's storage.
            if (window === window.top) window.localStorage.setItem(key, value);
          },
          [SCHEME_KEY, scheme] as const,
        );
        await page.setViewportSize(viewport);
        await page.goto(visit.path(w));
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        found.push(...(await violations(page)).map((v) => `${scheme}, ${viewport.name}: ${v}`));
      }
      expect(found).toEqual([]);
    });
  }
}
