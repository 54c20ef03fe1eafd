import type { Page } from '@playwright/test';
import { MESSAGES } from '../../web/app/utils/messages.js';
import { blockAccount, expect, fillLogin, signIn, test, toast } from './support/accounts.js';
import { apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { gotoAndJoinRooms } from './support/chat.js';
import { apiSubscribe } from './support/subscriptions.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The pages' loose ends: where a superuser lands, the admin panel on a phone, pages past the last, the trainer's
 * subscriber counts, the lesson table's words, a YouTube link's start time, an "Unsubscribe" never clipped, and a
 * blocked member's open page signed out at once.
 */

/** Whether the page is wider than its window: a horizontal scroll. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Far past the last page of any list the tests make. */
const PAST_THE_END = 99999;

test.describe('without JavaScript', () => {
  test.use({
    javaScriptEnabled: false,
    // The pages past the last answer 404 on purpose.
    expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/],
  });

  test('a superuser signs in to the dashboard of an admin panel with one Logout, lists that fit a phone, and no pages past the last', async ({
    page,
    superuser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    await fillLogin(page, superuser.email, superuser.password);
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('button', { name: 'Logout' }).filter({ visible: true })).toHaveCount(1);

    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/admin/users', '/admin/trainers']) {
      await page.goto(path);
      await expect(page.getByRole('table')).toBeVisible();
      expect(await scrollsSideways(page), path).toBe(false);
    }

    for (const path of [
      '/admin/users',
      '/admin/trainers',
      '/admin/fitnessPrograms',
      '/admin/requestNotificaions',
      '/admin/failedJobs',
      '/admin/settings/activity',
      '/admin/settings/superusers',
      '/account/payments',
      '/programmes',
      '/findTrainer',
    ]) {
      const response = await page.goto(`${path}?page=${PAST_THE_END}`);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText(`Page ${PAST_THE_END} of`)).toHaveCount(0);
    }
    expect((await page.goto('/programmes?page=1'))?.status()).toBe(200);
  });

  test('the trainer sees subscriber counts and worded lesson columns; the member’s video starts where the link said, and Unsubscribe fits', async ({
    page,
  }) => {
    const { account: trainer } = await apiTrainer(page.request);
    const followed = await apiProgram(page.request, trainer.auth, {
      program_name: `Followed ${uniqueWord()}`,
    });
    const quiet = await apiProgram(page.request, trainer.auth, { program_name: `Quiet ${uniqueWord()}` });
    const lesson = await page.request.post(`/api/fitness_programs/createLesson/${followed}/`, {
      headers: trainer.auth,
      multipart: {
        title: 'Warm-up',
        lesson_number: '1',
        video_url: 'https://www.youtube.com/watch?v=IODxDxX7oi4&t=1m5s',
        description: 'Start at the stretch.',
      },
    });
    expect(lesson.status()).toBe(201);
    await publishPrograms(page.request, [followed, quiet]);
    const member = await apiAccount(page.request);
    await apiSubscribe(page.request, member.auth, followed);

    await signIn(page, trainer);
    await page.goto('/trainerDashboard?view=programmes');
    const programmes = page.getByRole('table');
    await expect(programmes.getByRole('columnheader', { name: 'Subscribers' })).toBeVisible();
    const countOf = (name: string) =>
      programmes
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('cell')
        .nth(4);
    await expect(countOf('Followed')).toHaveText('1');
    await expect(countOf('Quiet')).toHaveText('0');

    await page.goto(`/trainerDashboard?view=lessons&program=${followed}&lesson=new`);
    const headers = page.getByRole('table').getByRole('columnheader');
    await expect(headers).toHaveText(['Lesson', 'Video', 'Actions']);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`/trainerDashboard?view=lessons&program=${followed}`);

    await page.context().clearCookies();
    await signIn(page, member);
    await page.goto(`/programLesson/${followed}`);
    await expect(page.locator('iframe[title="Video: Warm-up"]')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/IODxDxX7oi4?start=65',
    );

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/trainerDashboard?view=subscribed');
      const unsubscribe = page.getByRole('link', { name: /^Unsubscribe from Followed/ });
      await expect(unsubscribe).toBeVisible();
      const clipped = await unsubscribe.evaluate((button) =>
        [button, ...Array.from(button.querySelectorAll('span'))].some(
          (part) => part.scrollWidth > part.clientWidth,
        ),
      );
      expect(clipped, `at ${width} px`).toBe(false);
    }
  });
});

test('a blocked member’s open page signs out at once, to the login page with the reason', async ({
  page,
}) => {
  const member = await apiAccount(page.request);
  await signIn(page, member);
  await gotoAndJoinRooms(page, '/programmes');

  await blockAccount(page.request, member);
  await expect(page).toHaveURL(/\/login/);
  await expect(toast(page, MESSAGES.blocked)).toBeVisible();
  expect(MESSAGES.blocked).toBe('Your account has been blocked by an administrator');
});
