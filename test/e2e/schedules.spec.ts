import type { APIRequestContext, Page } from '@playwright/test';
import type { FollowedProgram, FollowedProgramsResponse } from '@fitcoach/contracts';
import { expect, signIn, test, toast } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { apiLessons } from './support/subscriptions.js';
import { MESSAGES } from '../../web/app/utils/messages.js';
import { formatDay } from '../../web/app/utils/schedule.js';

/*
 * Lessons on a schedule (docs/product.md §2.6 checkout, §2.7 lesson player, §2.8 dashboard): a daily programme's
 * lesson n opens on the member's day n, counted from the start date chosen at checkout, in their time zone.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC date `days` from today. */
const utcDate = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** The same in a time zone, whose date is a day ahead of UTC's for part of each day. */
const dateIn = (timeZone: string, days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(Date.now() + days * DAY_MS);
const BERLIN = 'Europe/Berlin';

/** A published daily programme of three lessons, "Day 1" to "Day 3". */
async function dailyProgramme(request: APIRequestContext) {
  const { account: trainer } = await apiTrainer(request);
  const name = `Daily ${Date.now()}`;
  const id = await apiProgram(request, trainer.auth, { program_name: name, unlock: 'daily', cover: null });
  await apiLessons(
    request,
    trainer.auth,
    id,
    [1, 2, 3].map((number) => ({ number, title: `Day ${number}`, videoId: 'dQw4w9WgXcQ' })),
  );
  await publishPrograms(request, [id]);
  return { id, name };
}

async function followed(
  request: APIRequestContext,
  member: ApiAccount,
  id: number,
): Promise<FollowedProgram> {
  const answer = await request.get('/api/users/getFollowedPrograms/', { headers: member.auth });
  const [container] = (await answer.json()) as FollowedProgramsResponse[];
  const program = container.program.find((entry) => entry.id === id);
  if (!program) throw new Error(`Programme ${id} is not followed`);
  return program;
}

/** Opens the Payment step, fills the schedule and pays with the test provider. */
async function payWithSchedule(
  page: Page,
  id: number,
  schedule: { start: string; reminder: string; zone: string },
) {
  await page.goto(`/programDetails/${id}?checkout=1`);
  await page.getByLabel('Start date').fill(schedule.start);
  await page.getByLabel('Reminder time').fill(schedule.reminder);
  await page.getByLabel('Time zone').selectOption(schedule.zone);
  await page.getByRole('button', { name: 'Pay (test payment)' }).click();
  await expect(page).toHaveURL(`/programLesson/${id}`);
  await expect(toast(page, /^Transaction completed by /)).toBeVisible();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the member picks a start date at checkout; later lessons show the day they open', async ({
    page,
    request,
  }) => {
    const { id } = await dailyProgramme(request);
    const member = await apiAccount(request);
    await signIn(page, member);
    await page.goto(`/programDetails/${id}?checkout=1`);
    // The server's guesses: today in UTC, an evening reminder, UTC.
    await expect(page.getByLabel('Start date')).toHaveValue(utcDate(0));
    await expect(page.getByLabel('Reminder time')).toHaveValue('18:00');
    await expect(page.getByLabel('Time zone')).toHaveValue('UTC');

    await payWithSchedule(page, id, { start: utcDate(-1), reminder: '', zone: 'UTC' });
    expect(await followed(request, member, id)).toMatchObject({
      start_date: utcDate(-1),
      reminder_time: null,
      timezone: 'UTC',
      today_lesson: 1,
    });

    await expect(page.getByText('Today: Lesson 1')).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Program Lessons' });
    await expect(list.getByRole('link', { name: 'Day 2' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Day 3' })).toHaveCount(0);
    await expect(list.getByRole('listitem').filter({ hasText: 'Day 3' })).toContainText(
      `Opens on ${formatDay(utcDate(1))}`,
    );
    // Asked for by its number, the locked lesson shows when it opens, and no player.
    await page.goto(`/programLesson/${id}?lesson=3`);
    await expect(page.getByRole('heading', { name: 'Day 3' })).toBeVisible();
    await expect(page.getByText(`Opens on ${formatDay(utcDate(1))}.`)).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark as completed' })).toHaveCount(0);
  });

  test('the member changes the schedule on the lesson player, and the dashboard lays out their days', async ({
    page,
    request,
  }) => {
    const { id, name } = await dailyProgramme(request);
    const member = await apiAccount(request);
    await signIn(page, member);
    await payWithSchedule(page, id, { start: utcDate(0), reminder: '07:30', zone: 'UTC' });
    const list = page.getByRole('navigation', { name: 'Program Lessons' });
    await expect(list.getByText('Opens on')).toHaveCount(2);

    await expect(page.getByLabel('Time zone')).toHaveCount(0);
    await page.getByRole('link', { name: 'Change schedule' }).click();
    await page.getByLabel('Start date').fill(dateIn(BERLIN, -2));
    await page.getByLabel('Time zone').selectOption(BERLIN);
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(toast(page, MESSAGES.scheduleSaved)).toBeVisible();
    await expect(page.getByLabel('Time zone')).toHaveCount(0);
    await expect(list.getByText('Opens on')).toHaveCount(0);
    expect(await followed(request, member, id)).toMatchObject({
      start_date: dateIn(BERLIN, -2),
      reminder_time: '07:30',
      timezone: BERLIN,
    });

    // Lesson 1 done: day 1 is done, day 2 missed, day 3 (today) is today's lesson.
    await page.goto(`/programLesson/${id}?lesson=1`);
    await page.getByRole('button', { name: 'Mark as completed' }).click();
    await expect(toast(page, 'Lesson marked as completed')).toBeVisible();
    await page.goto('/trainerDashboard?view=subscribed');
    const card = page.getByRole('article', { name });
    await expect(card.getByText('Today: Lesson 2')).toBeVisible();
    const days = card.getByRole('list', { name: `Your days in ${name}` }).getByRole('listitem');
    await expect(days).toHaveText([
      new RegExp(`Day 1, ${formatDay(dateIn(BERLIN, -2))}, Lesson 1: Done`),
      new RegExp(`Day 2, ${formatDay(dateIn(BERLIN, -1))}, Lesson 2: Missed`),
      new RegExp(`Day 3, ${formatDay(dateIn(BERLIN, 0))}, Lesson 3: Today`),
    ]);
  });

  test('the trainer chooses on the programme form whether lessons open one a day', async ({
    page,
    request,
  }) => {
    const { account } = await apiTrainer(request);
    const id = await apiProgram(request, account.auth, { program_name: 'All at once', cover: null });
    await signIn(page, account, `/trainerDashboard?view=edit&program=${id}`);
    const unlock = page.getByLabel('Lessons open');
    await expect(unlock).toHaveValue('all');
    await unlock.selectOption({ label: "One a day from the member's start" });
    await page.getByRole('button', { name: 'Save Program' }).click();
    await expect(toast(page, 'Programme updated')).toBeVisible();
    const answer = await request.get(`/api/fitness_programs/get_programme/${id}/`, { headers: account.auth });
    expect(((await answer.json()) as { unlock: string }).unlock).toBe('daily');
  });

  test('a schedule the API refuses is told, and the one saved stays', async ({ page, request }) => {
    const { id } = await dailyProgramme(request);
    const member = await apiAccount(request);
    await signIn(page, member);
    await payWithSchedule(page, id, { start: utcDate(0), reminder: '', zone: 'UTC' });
    await page.getByRole('link', { name: 'Change schedule' }).click();
    await page.getByLabel('Start date').fill(utcDate(400));
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(toast(page, 'start_date must be a date (YYYY-MM-DD) within a year of today')).toBeVisible();
    expect((await followed(request, member, id)).start_date).toBe(utcDate(0));

    await page.getByRole('link', { name: 'Change schedule' }).click();
    await expect(page.getByLabel('Time zone')).toHaveValue('UTC');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByLabel('Time zone')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Change schedule' })).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test("the checkout proposes the browser's time zone and today there", async ({ page, request }) => {
    const { id } = await dailyProgramme(request);
    const member = await apiAccount(request);
    await signIn(page, member, `/programDetails/${id}?checkout=1`);
    const zone = page.getByLabel('Time zone');
    await expect(zone).toHaveValue(/^Asia\/(Kolkata|Calcutta)$/);
    const today = await page.evaluate(() =>
      new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }),
    );
    await expect(page.getByLabel('Start date')).toHaveValue(today);
    const chosen = await zone.inputValue();
    await page.getByRole('button', { name: 'Pay (test payment)' }).click();
    await expect(page).toHaveURL(`/programLesson/${id}`);
    expect(await followed(request, member, id)).toMatchObject({
      start_date: today,
      reminder_time: '18:00',
      timezone: chosen,
      today_lesson: 1,
    });
  });
});
