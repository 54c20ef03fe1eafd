import type { APIRequestContext } from '@playwright/test';
import { expect, REFUSED_SUBMISSION, signIn, test, toast } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { apiLessons, apiSubscribe } from './support/subscriptions.js';

/*
 * Verified reviews on the programme page (docs/product.md §2): written, edited and answered with plain forms, the
 * standing shown and given to search engines.
 */

/** A published programme of three lessons, and a member who bought it and completed `done` of them. */
async function reviewed(
  request: APIRequestContext,
  done: number,
): Promise<{ trainer: ApiAccount; member: ApiAccount; programId: number }> {
  const { account: trainer } = await apiTrainer(request);
  const programId = await apiProgram(request, trainer.auth, {
    program_name: `Reviewed ${Date.now()}`,
    cover: null,
  });
  await apiLessons(request, trainer.auth, programId, [
    { number: 1, title: 'Start', videoId: 'dQw4w9WgXcQ' },
    { number: 2, title: 'Middle', videoId: 'IODxDxX7oi4' },
    { number: 3, title: 'End', videoId: 'aclHkVaku9U' },
  ]);
  await publishPrograms(request, [programId]);
  const member = await apiAccount(request);
  await apiSubscribe(request, member.auth, programId);
  for (let n = 1; n <= done; n += 1) {
    const marked = await request.get(`/api/fitness_programs/updatelessonProgress/${programId}-${n}/`, {
      headers: member.auth,
    });
    expect(marked.ok()).toBe(true);
  }
  return { trainer, member, programId };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a member writes and edits a review, the trainer answers it, and the page shows the standing', async ({
    browser,
    request,
  }) => {
    const { trainer, member, programId } = await reviewed(request, 1);
    const memberPage = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await signIn(memberPage, member, `/programDetails/${programId}`);
    const reviews = memberPage.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByText(/^No reviews yet/)).toBeVisible();
    await reviews.getByText('Write a review', { exact: true }).click();
    await reviews.getByLabel('Your rating').selectOption('4');
    await reviews.getByLabel('Title').fill('A steady start');
    await reviews.getByLabel('Your review').fill('Three short lessons that got me moving again.');
    await reviews.getByRole('button', { name: 'Publish your review' }).click();
    await expect(toast(memberPage, 'Review published')).toBeVisible();
    await expect(reviews.getByText('4.0 of 5 from 1 review')).toBeVisible();
    await expect(reviews.getByRole('img', { name: '4 of 5 stars' }).first()).toBeVisible();
    await expect(reviews.getByRole('heading', { name: 'A steady start' })).toBeVisible();

    // Search engines read the standing.
    const jsonLd = await memberPage.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, ratingCount: 1 },
    });

    await reviews.getByText('Edit your review', { exact: true }).click();
    await reviews.getByLabel('Your rating').selectOption('5');
    await reviews.getByRole('button', { name: 'Save your review' }).click();
    await expect(toast(memberPage, 'Review saved')).toBeVisible();
    await expect(reviews.getByText('5.0 of 5 from 1 review')).toBeVisible();

    const trainerPage = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await signIn(trainerPage, trainer, `/programDetails/${programId}`);
    const seen = trainerPage.getByRole('region', { name: 'Reviews' });
    await seen.getByText('Answer publicly', { exact: true }).click();
    await seen.getByLabel('Your answer').fill('Thank you, see you in lesson three!');
    await seen.getByRole('button', { name: 'Publish answer' }).click();
    await expect(toast(trainerPage, 'Answer published')).toBeVisible();
    await expect(seen.getByText('Thank you, see you in lesson three!')).toBeVisible();
    await expect(seen.getByText('Answer publicly', { exact: true })).toHaveCount(0);

    await seen.getByRole('button', { name: 'Helpful' }).click();
    await expect(toast(trainerPage, 'Thank you: your vote is counted')).toBeVisible();
    await expect(seen.getByText(/1 member found it helpful/)).toBeVisible();

    await memberPage.reload();
    await expect(reviews.getByText('Thank you, see you in lesson three!')).toBeVisible();
    await reviews.getByText('Delete your review', { exact: true }).click();
    await reviews.getByRole('button', { name: 'Yes, delete my review' }).click();
    await expect(toast(memberPage, 'Review deleted')).toBeVisible();
    await expect(reviews.getByText(/^No reviews yet/)).toBeVisible();
  });
});

test.describe('without JavaScript, a refused review', () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [REFUSED_SUBMISSION] });

  test('a member under 30 % of the programme is told so, and what they typed stays', async ({
    page,
    request,
  }) => {
    const { member, programId } = await reviewed(request, 0);
    await signIn(page, member, `/programDetails/${programId}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByText('Write a review', { exact: true }).click();
    await reviews.getByLabel('Title').fill('Too early');
    await reviews.getByLabel('Your review').fill('I have not started yet.');
    await reviews.getByRole('button', { name: 'Publish your review' }).click();
    await expect(reviews.getByRole('alert')).toHaveText(
      'Complete at least 30 % of the programme to review it (you have completed 0 %)',
    );
    await expect(reviews.getByLabel('Title')).toHaveValue('Too early');
    const listed = await page.request.get(`/api/fitness_programs/${programId}/reviews/`);
    expect((await listed.json()).count).toBe(0);
  });
});
