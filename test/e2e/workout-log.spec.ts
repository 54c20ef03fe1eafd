import type { APIRequestContext } from '@playwright/test';
import { expect, REFUSED_SUBMISSION, signIn, test, toast } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { apiLessons, apiSubscribe } from './support/subscriptions.js';

/*
 * Logging a workout on the lesson player (docs/product.md §2.7): numbered rows that work without JavaScript,
 * "Add an exercise" and "Add a set" as submit buttons, the API's refusals next to the fields, Edit and Delete.
 */

/** A published programme with one lesson whose description lists two exercises, and a member who bought it. */
async function subscribedMember(request: APIRequestContext): Promise<{ id: number; member: ApiAccount }> {
  const { account: trainer } = await apiTrainer(request);
  const id = await apiProgram(request, trainer.auth, { program_name: `Strength ${Date.now()}`, cover: null });
  await apiLessons(request, trainer.auth, id, [
    {
      number: 1,
      title: 'Legs',
      videoId: 'dQw4w9WgXcQ',
      description: 'Today:\n- Back squat\n- Walking lunge',
    },
  ]);
  await publishPrograms(request, [id]);
  const member = await apiAccount(request);
  await apiSubscribe(request, member.auth, id);
  return { id, member };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a member logs a workout of two exercises, edits it and deletes it; the lesson is completed', async ({
    page,
    request,
  }) => {
    const { id, member } = await subscribedMember(request);
    await signIn(page, member, `/programLesson/${id}?lesson=1`);
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Log workout' }) });
    // The lesson's list items are the first exercises.
    await expect(form.getByLabel('Exercise', { exact: true }).nth(0)).toHaveValue('Back squat');
    await expect(form.getByLabel('Exercise', { exact: true }).nth(1)).toHaveValue('Walking lunge');

    const set = (exercise: number, number: number) =>
      form.getByRole('group', { name: `Exercise ${exercise}, set ${number}` });
    await set(1, 1).getByLabel('Reps').fill('5');
    await set(1, 1).getByLabel('Weight').fill('100');
    await form.getByRole('button', { name: 'Add a set' }).click();
    // The form comes back with a fourth set and what was typed.
    await expect(set(1, 1).getByLabel('Weight')).toHaveValue('100');
    await set(1, 4).getByLabel('Reps').fill('3');
    await set(1, 4).getByLabel('Weight').fill('110');
    await set(2, 1).getByLabel('Reps').fill('12');
    await form.getByLabel('Effort (1–10)').selectOption('8');
    await form.getByLabel('Note').fill('Heavy day');
    await form.getByRole('button', { name: 'Log workout' }).click();

    await expect(toast(page, 'Workout logged: lesson completed')).toBeVisible();
    const logs = page.getByRole('region', { name: 'Your workouts for this lesson' });
    await expect(logs.getByText('Back squat: 5 × 100 kg; 3 × 110 kg')).toBeVisible();
    await expect(logs.getByText('Walking lunge: 12 reps')).toBeVisible();
    await expect(logs.getByText('3 sets, 830 kg lifted in all, effort 8 of 10')).toBeVisible();
    await expect(page.getByText('1 of 1 lesson completed').or(page.getByText('Lesson 1 of 1'))).toBeVisible();
    const progress = await request.get(`/api/users/getFollowedPrograms/`, { headers: member.auth });
    expect(JSON.stringify(await progress.json())).toContain('"progress":100');

    await logs.getByRole('link', { name: 'Edit' }).click();
    const edit = page.locator('form', { has: page.getByRole('button', { name: 'Save changes' }) });
    await edit.getByRole('group', { name: 'Exercise 1, set 1' }).getByLabel('Weight').fill('105');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Workout updated')).toBeVisible();
    await expect(logs.getByText('Back squat: 5 × 105 kg; 3 × 110 kg')).toBeVisible();

    await logs.getByText('Delete', { exact: true }).click();
    await logs.getByRole('button', { name: 'Delete this workout' }).click();
    await expect(toast(page, 'Workout deleted')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your workouts for this lesson' })).toHaveCount(0);
  });
});

test.describe('without JavaScript, a refusal', () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [REFUSED_SUBMISSION] });

  test('an out-of-range value is refused next to its field and the typed values stay', async ({
    page,
    request,
  }) => {
    const { id, member } = await subscribedMember(request);
    await signIn(page, member, `/programLesson/${id}?lesson=1`);
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Log workout' }) });
    const first = form.getByRole('group', { name: 'Exercise 1, set 1' });
    await first.getByLabel('Reps').fill('5000');
    await first.getByLabel('Weight').fill('60');
    await form.getByRole('button', { name: 'Log workout' }).click();
    await expect(form.getByRole('alert')).toHaveText('Reps must be a whole number from 0 to 1000');
    await expect(first.getByLabel('Reps')).toHaveValue('5000');
    await expect(first.getByLabel('Weight')).toHaveValue('60');
    await expect(first.getByLabel('Reps')).toHaveAttribute('aria-invalid', 'true');
    const logs = await request.get(`/api/lessons/${id}-1/logs/`, { headers: member.auth });
    expect(await logs.json()).toEqual([]);
  });
});

test('with JavaScript, pounds are stored and shown in kilograms', async ({ page, request }) => {
  const { id, member } = await subscribedMember(request);
  await signIn(page, member, `/programLesson/${id}?lesson=1`);
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Log workout' }) });
  await form.getByLabel('Weights in').selectOption('lb');
  const first = form.getByRole('group', { name: 'Exercise 1, set 1' });
  await first.getByLabel('Reps').fill('10');
  await first.getByLabel('Weight').fill('100');
  await form.getByRole('button', { name: 'Log workout' }).click();
  await expect(toast(page, 'Workout logged: lesson completed')).toBeVisible();
  await expect(page.getByText('Back squat: 10 × 45.36 kg')).toBeVisible();
});
