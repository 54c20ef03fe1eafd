import type { Page } from '@playwright/test';
import { MESSAGES } from '../../web/app/utils/messages.js';
import { expect, fillLogin, signIn, test, toast } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { uniqueWord } from '../fixtures/words.js';
import { apiLessons, apiSubscribe, type LessonFields } from './support/subscriptions.js';

/*
 * The lesson player (/programLesson/{id}) and the member's dashboard (docs/product.md §2, §4), without
 * JavaScript: every step is a link or a form the server answers.
 */

const LESSONS: LessonFields[] = [
  { number: 1, title: 'Sun salutation', videoId: 'IODxDxX7oi4' },
  { number: 2, title: 'Standing poses', videoId: 'aclHkVaku9U' },
  { number: 3, title: 'Balance', videoId: 'v7AYKMP6rOE' },
  { number: 4, title: 'Rest and breath', videoId: 'inpok4MKVLM' },
];

interface Course {
  trainer: ApiAccount;
  programId: number;
  name: string;
}

/** A published programme with `lessons`, by a new trainer. */
async function course(page: Page, lessons: LessonFields[] = LESSONS): Promise<Course> {
  const { account } = await apiTrainer(page.request);
  const name = `Yoga ${uniqueWord()}`;
  const programId = await apiProgram(page.request, account.auth, { program_name: name, duration: 30 });
  await apiLessons(page.request, account.auth, programId, lessons);
  await publishPrograms(page.request, [programId]);
  return { trainer: account, programId, name };
}

/** A new member who bought the course with the test provider (through the API). */
async function member(page: Page, { programId }: Course): Promise<ApiAccount> {
  const account = await apiAccount(page.request);
  await apiSubscribe(page.request, account.auth, programId);
  return account;
}

// The embedded player is YouTube's: the tests answer for it, so they never reach the internet.
test.beforeEach(async ({ page }) => {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Video</title>' }),
  );
});

const lessonLink = (page: Page, title: string) =>
  page.getByRole('navigation', { name: 'Program Lessons' }).getByRole('link', { name: new RegExp(title) });

test.describe('the lesson player without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a member buys with the test provider, watches, marks two lessons and sees the percentage; the trainer sees it under Subscribers', async ({
    page,
  }) => {
    const program = await course(page);
    const buyer = await apiAccount(page.request);
    await signIn(page, buyer);

    // The purchase through the details page's checkout, as a member makes it (the test provider, no JavaScript).
    await page.goto(`/programDetails/${program.programId}`);
    await page.getByRole('link', { name: /^Subscribe at just / }).click();
    await page.getByRole('button', { name: 'Pay (test payment)' }).click();
    await expect(page).toHaveURL(`/programLesson/${program.programId}`);
    await expect(toast(page, `Transaction completed by ${buyer.firstName} ${buyer.lastName}`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: program.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Program Lessons' })).toBeVisible();
    await expect(page.getByText('A 30-day programme with 4 lessons')).toBeVisible();
    await expect(page.getByText('Lesson 1 of 4', { exact: true })).toBeVisible();
    await expect(page.getByText('0% completed')).toBeVisible();
    // The first unfinished lesson opens, and it is today's lesson.
    await expect(page.getByRole('heading', { level: 2, name: 'Sun salutation' })).toBeVisible();
    await expect(lessonLink(page, 'Sun salutation')).toHaveAttribute('aria-current', 'page');
    await expect(lessonLink(page, 'Sun salutation')).toContainText('Today');
    const video = page.getByTitle('Video: Sun salutation');
    await expect(video).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/IODxDxX7oi4');

    await page.getByRole('button', { name: 'Mark as completed' }).click();
    await expect(toast(page, 'Lesson marked as completed')).toBeVisible();
    await expect(page.getByText('25% completed')).toBeVisible();
    await expect(lessonLink(page, 'Sun salutation')).toHaveAccessibleName(/\(completed\)/);
    await expect(page.getByRole('button', { name: 'Mark as completed' })).toHaveCount(0);

    // A completed lesson moves on without asking; an unfinished one asks first.
    await page.getByRole('link', { name: 'Next Lesson ->' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Standing poses' })).toBeVisible();
    await page.getByRole('link', { name: 'Next Lesson ->' }).click();
    await expect(page.getByRole('heading', { name: MESSAGES.confirmNextLesson })).toBeVisible();
    await page.getByRole('link', { name: MESSAGES.continueLesson }).click();
    await expect(page.getByRole('heading', { name: MESSAGES.confirmNextLesson })).toHaveCount(0);
    await expect(page.getByText('25% completed')).toBeVisible();
    await page.getByRole('link', { name: 'Next Lesson ->' }).click();
    await page.getByRole('button', { name: MESSAGES.markAndContinue }).click();
    await expect(toast(page, 'Lesson marked as completed')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Balance' })).toBeVisible();
    await expect(page.getByText('50% completed')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Lessons completed' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    await expect(lessonLink(page, 'Standing poses')).toHaveAccessibleName(/\(completed\)/);
    await expect(lessonLink(page, 'Balance')).not.toHaveAccessibleName(/\(completed\)/);
    // "Today" is the next lesson to do, whatever the calendar says.
    await expect(page.getByText('Lesson 3 of 4', { exact: true })).toBeVisible();
    await expect(lessonLink(page, 'Balance')).toContainText('Today');
    await expect(lessonLink(page, 'Sun salutation')).not.toContainText('Today');

    await page.goto('/trainerDashboard?view=subscribed');
    const card = page.getByRole('article', { name: program.name });
    await expect(
      card.getByText(`Trainer: ${program.trainer.firstName} ${program.trainer.lastName}`),
    ).toBeVisible();
    await expect(card.getByRole('progressbar', { name: `Progress in ${program.name}` })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    await expect(card.getByText('50%')).toBeVisible();
    await card.getByRole('link', { name: `Continue ${program.name}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Balance' })).toBeVisible();

    await signIn(page, program.trainer, '/trainerDashboard?view=subscribers');
    const table = page.getByRole('table', { name: program.name });
    const row = table.getByRole('row', { name: new RegExp(`${buyer.firstName} ${buyer.lastName}`) });
    await expect(row.getByRole('cell', { name: '50%' })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'active' })).toBeVisible();
  });

  test('"Next Lesson ->" after the last lesson congratulates the member', async ({ page }) => {
    const program = await course(page, LESSONS.slice(0, 1));
    await signIn(page, await member(page, program), `/programLesson/${program.programId}`);
    await page.getByRole('link', { name: 'Next Lesson ->' }).click();
    await page.getByRole('button', { name: MESSAGES.markAndContinue }).click();
    await expect(page.getByRole('heading', { name: MESSAGES.lessonsFinished })).toBeVisible();
    await expect(page.getByText('100% completed')).toBeVisible();
    // With every lesson done the page opens on the congratulations; a lesson is still a click away.
    await page.goto(`/programLesson/${program.programId}`);
    await expect(page.getByRole('heading', { name: MESSAGES.lessonsFinished })).toBeVisible();
    await lessonLink(page, 'Sun salutation').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Sun salutation' })).toBeVisible();
  });

  test('the end before the last lesson is done says what is left and leads to it; 2 of 3 is 67 %', async ({
    page,
  }) => {
    const program = await course(page, LESSONS.slice(0, 3));
    await signIn(page, await member(page, program));
    for (const lesson of [1, 3]) {
      await page.goto(`/programLesson/${program.programId}?lesson=${lesson}`);
      await page.getByRole('button', { name: 'Mark as completed' }).click();
      await expect(toast(page, 'Lesson marked as completed')).toBeVisible();
    }
    await expect(page.getByText('67% completed')).toBeVisible();
    await page.goto(`/programLesson/${program.programId}?lesson=end`);
    await expect(page.getByRole('heading', { name: MESSAGES.lessonsFinished })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Not finished yet' })).toBeVisible();
    await expect(page.getByText('You have completed 2 of 3 lessons: 1 lesson to go.')).toBeVisible();
    await expect(lessonLink(page, 'Standing poses')).toContainText('Today');
    await page.getByRole('link', { name: 'Continue with lesson 2: Standing poses' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Standing poses' })).toBeVisible();
    await expect(page.getByText('Lesson 2 of 3', { exact: true })).toBeVisible();
  });

  test('a refused mark is told in an info toast with the server message', async ({ page }) => {
    const program = await course(page, LESSONS.slice(0, 2));
    await signIn(page, await member(page, program), `/programLesson/${program.programId}?lesson=2`);
    // The trainer deletes the lesson while the member watches it.
    const lessons = await page.request.get(`/api/fitness_programs/getLessons/${program.programId}/`, {
      headers: program.trainer.auth,
    });
    const [, second] = (await lessons.json()) as { id: number }[];
    const deleted = await page.request.delete(`/api/fitness_programs/DeleteLesson/${second.id}/`, {
      headers: program.trainer.auth,
    });
    expect(deleted.status()).toBe(204);
    await page.getByRole('button', { name: 'Mark as completed' }).click();
    await expect(toast(page, /not found/i)).toBeVisible();
    await expect(page.getByText('0% completed')).toBeVisible();
  });

  test('a signed-in user who has not subscribed is sent to the details page', async ({ page }) => {
    const program = await course(page);
    await signIn(page, await apiAccount(page.request), `/programLesson/${program.programId}`);
    await expect(page).toHaveURL(`/programDetails/${program.programId}`);
    await expect(toast(page, MESSAGES.subscribeToView)).toBeVisible();
  });

  test('the owner trainer and a superuser preview the lessons without progress', async ({
    page,
    superuser,
  }) => {
    const program = await course(page);
    for (const viewer of [program.trainer, superuser]) {
      await signIn(page, viewer, `/programLesson/${program.programId}?lesson=2`);
      await expect(page.getByRole('heading', { level: 2, name: 'Standing poses' })).toBeVisible();
      await expect(page.getByTitle('Video: Standing poses')).toHaveAttribute(
        'src',
        'https://www.youtube-nocookie.com/embed/aclHkVaku9U',
      );
      await expect(page.getByRole('button', { name: 'Mark as completed' })).toHaveCount(0);
      await expect(page.getByText(/^Lesson \d+ of \d+$/)).toHaveCount(0);
      await page.getByRole('link', { name: 'Next Lesson ->' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Balance' })).toBeVisible();
    }
  });

  test('a visitor signs in first and comes back to the lessons', async ({ page }) => {
    const program = await course(page);
    const path = `/programLesson/${program.programId}`;
    await page.goto(path);
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
    await fillLogin(page, program.trainer.email, program.trainer.password);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { name: 'Program Lessons' })).toBeVisible();
  });
});

test.describe("the member's dashboard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test('unsubscribing asks first, then leaves the empty state with a link to the programmes', async ({
    page,
  }) => {
    const program = await course(page, LESSONS.slice(0, 1));
    await signIn(page, await member(page, program), '/trainerDashboard?view=subscribed');
    const card = page.getByRole('article', { name: program.name });
    await card.getByRole('link', { name: program.name, exact: true }).click();
    await expect(page).toHaveURL(`/programDetails/${program.programId}`);

    await page.goto('/trainerDashboard?view=subscribed');
    await card.getByRole('link', { name: `Unsubscribe from ${program.name}` }).click();
    const question = page.getByRole('dialog', { name: MESSAGES.confirmUnsubscribe });
    await expect(question.getByText(MESSAGES.payAgain)).toBeVisible();
    await question.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await card.getByRole('link', { name: `Unsubscribe from ${program.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(toast(page, /Successfully unsubscribed from the program/)).toBeVisible();
    await expect(page.getByText('You have not subscribed to any programme yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find Programmes' })).toHaveAttribute('href', '/programmes');

    await page.goto(`/programLesson/${program.programId}`);
    await expect(toast(page, MESSAGES.subscribeToView)).toBeVisible();
  });
});

test.describe('the lesson player with JavaScript', () => {
  test('marks a lesson and moves on after the confirmation, without a full page load', async ({ page }) => {
    const program = await course(page, LESSONS.slice(0, 2));
    await signIn(page, await member(page, program), `/programLesson/${program.programId}`);
    await page.getByRole('link', { name: 'Next Lesson ->' }).click();
    await page.getByRole('button', { name: MESSAGES.markAndContinue }).click();
    await expect(toast(page, 'Lesson marked as completed')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Standing poses' })).toBeVisible();
    await expect(page.getByText('50% completed')).toBeVisible();
    await page.getByRole('button', { name: 'Mark as completed' }).click();
    await expect(page.getByText('100% completed')).toBeVisible();
    await expect(lessonLink(page, 'Standing poses')).toHaveAccessibleName(/\(completed\)/);
  });

  test('the dashboard asks in a modal before unsubscribing', async ({ page }) => {
    const program = await course(page, LESSONS.slice(0, 1));
    await signIn(page, await member(page, program), '/trainerDashboard?view=subscribed');
    const card = page.getByRole('article', { name: program.name });
    await card.getByRole('link', { name: `Unsubscribe from ${program.name}` }).click();
    const question = page.getByRole('dialog', { name: MESSAGES.confirmUnsubscribe });
    await expect(question.getByText(MESSAGES.payAgain)).toBeVisible();
    await question.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(toast(page, /Successfully unsubscribed from the program/)).toBeVisible();
    await expect(page.getByText('You have not subscribed to any programme yet.')).toBeVisible();
  });
});
