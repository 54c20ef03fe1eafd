import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { apiLessons, apiSubscribe } from './support/subscriptions.js';

/*
 * The site's main pages on a phone (390 px) and a laptop (1280 px): none scrolls sideways, and the lesson player,
 * the chat and the admin panel sit in the header's centred column. Each page's screenshot is attached to the test's
 * report (a file under test-results/), to look at the layout itself.
 */

interface Visit {
  name: string;
  path: string;
  /** Who looks at it: nobody signed in, or an account. */
  as: ApiAccount | 'visitor' | 'superuser';
  /** Whether the page's content sits in the header's centred column (web/app/components/layout/navbar.tsx). */
  inHeaderColumn?: boolean;
}

/** A trainer with a published programme of two lessons, a member who bought it, and a message between them. */
async function catalogue(page: Page): Promise<Visit[]> {
  const { account: coach } = await apiTrainer(page.request, {}, { firstName: 'Tina', lastName: 'Coach' });
  const program = await apiProgram(page.request, coach.auth, { program_name: 'Morning Mobility Basics' });
  await apiLessons(page.request, coach.auth, program, [
    { number: 1, title: 'Hips and ankles', videoId: 'dQw4w9WgXcQ' },
    { number: 2, title: 'Shoulders and spine', videoId: 'dQw4w9WgXcQ' },
  ]);
  await publishPrograms(page.request, [program]);
  const member = await apiAccount(page.request, { firstName: 'Mia', lastName: 'Member' });
  await apiSubscribe(page.request, member.auth, program);
  const coachId = (
    (await (await page.request.get('/api/users/me/', { headers: coach.auth })).json()) as {
      id: number;
    }
  ).id;
  const sent = await page.request.post('/api/chat/sendMessage/', {
    headers: member.auth,
    data: { to: coachId, text: 'Which mat thickness works best for the hip lesson on a wooden floor?' },
  });
  expect(sent.status()).toBe(201);
  return [
    { name: 'home', path: '/', as: 'visitor' },
    { name: 'programmes', path: '/programmes', as: 'visitor' },
    { name: 'programme', path: `/programDetails/${program}`, as: 'visitor' },
    { name: 'lesson-player', path: `/programLesson/${program}`, as: member, inHeaderColumn: true },
    { name: 'chat', path: `/chat?with=${coachId}`, as: member, inHeaderColumn: true },
    { name: 'dashboard', path: '/trainerDashboard?view=programmes', as: coach },
    { name: 'admin-users', path: '/admin/users', as: 'superuser', inHeaderColumn: true },
  ];
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test("the main pages fit the width without a horizontal scroll, in the header's column", async ({
      page,
      superuser,
    }, testInfo) => {
      const visits = await catalogue(page);
      const wider: string[] = [];
      let signedInAs: Visit['as'] = 'visitor';
      for (const visit of visits) {
        if (visit.as !== signedInAs) {
          await page.context().clearCookies();
          if (visit.as !== 'visitor') await signIn(page, visit.as === 'superuser' ? superuser : visit.as);
          signedInAs = visit.as;
        }
        const response = await page.goto(visit.path);
        expect(response?.status(), visit.path).toBe(200);
        await page.evaluate(() => document.fonts.ready);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        if (scrollWidth > clientWidth)
          wider.push(`${visit.path}: ${scrollWidth} px wide in ${clientWidth} px`);
        if (visit.inHeaderColumn) {
          const columns = await page.evaluate(() =>
            [document.querySelector('header > div'), document.querySelector('main > div')].map((element) => {
              const box = element?.getBoundingClientRect();
              return box && { left: Math.round(box.left), width: Math.round(box.width) };
            }),
          );
          expect(columns[1], `${visit.path}: the page's column`).toEqual(columns[0]);
        }
        // A file under test-results/, attached by its path: the reports name it rather than carry its bytes.
        const path = testInfo.outputPath(`${visit.name}-${width}.png`);
        await page.screenshot({ path, fullPage: true });
        await testInfo.attach(`${visit.name}-${width}.png`, { path, contentType: 'image/png' });
      }
      expect(wider, 'pages wider than the window').toEqual([]);
    });
  });
}
