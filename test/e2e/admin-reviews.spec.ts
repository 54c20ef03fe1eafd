import type { APIRequestContext } from '@playwright/test';
import { expect, REFUSED_SUBMISSION, signIn, signInAndFollow, test, toast } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { apiLessons, apiSubscribe } from './support/subscriptions.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The superusers' review moderation, /admin/reviews (docs/product.md §2.11), without JavaScript: the open reports with
 * their reviews, a review hidden with a reason from a dialog of the URL, a report dismissed, the Hidden view with each
 * hidden review's reason and its Show again, and the programme page's reviews and standing following each.
 */

test.use({ javaScriptEnabled: false });

/** A published programme of one lesson, and a reporter: a member who may report its reviews. */
async function reviewedProgramme(
  request: APIRequestContext,
): Promise<{ programId: number; reporter: ApiAccount }> {
  const { account: trainer } = await apiTrainer(request);
  const programId = await apiProgram(request, trainer.auth, { program_name: `Moderated ${uniqueWord()}` });
  await apiLessons(request, trainer.auth, programId, [{ number: 1, title: 'Only', videoId: 'dQw4w9WgXcQ' }]);
  await publishPrograms(request, [programId]);
  const reporter = await apiAccount(request, { firstName: 'Rita', lastName: 'Reporter' });
  return { programId, reporter };
}

/** A new member's review of the programme, which they bought and completed, reported by `reporter`. */
async function reportedReview(
  request: APIRequestContext,
  programId: number,
  reporter: ApiAccount,
  review: { firstName: string; stars: number; title: string; text: string; reason: string },
): Promise<{ reviewId: number; reportId: number }> {
  const author = await apiAccount(request, { firstName: review.firstName, lastName: 'Author' });
  await apiSubscribe(request, author.auth, programId);
  const done = await request.get(`/api/fitness_programs/updatelessonProgress/${programId}-1/`, {
    headers: author.auth,
  });
  expect(done.ok()).toBe(true);
  const written = await request.post(`/api/fitness_programs/${programId}/reviews/`, {
    headers: author.auth,
    data: { stars: review.stars, title: review.title, text: review.text },
  });
  expect(written.status()).toBe(201);
  const { id: reviewId } = (await written.json()) as { id: number };
  const reported = await request.post(`/api/reviews/${reviewId}/reports/`, {
    headers: reporter.auth,
    data: { reason: review.reason },
  });
  expect(reported.status()).toBe(201);
  const { id: reportId } = (await reported.json()) as { id: number };
  return { reviewId, reportId };
}

test.describe('a superuser moderates the reported reviews', () => {
  // The refused blank reason is answered 400, which the browser logs.
  test.use({ expectedConsoleErrors: [REFUSED_SUBMISSION] });

  test('hides one with a reason, after a blank one is refused, and keeps another; the programme page follows', async ({
    page,
    superuser,
  }) => {
    const { programId, reporter } = await reviewedProgramme(page.request);
    const spam = `Spam ${uniqueWord()}`;
    const fair = `Fair ${uniqueWord()}`;
    await reportedReview(page.request, programId, reporter, {
      firstName: 'Sam',
      stars: 1,
      title: spam,
      text: 'Buy cheap protein at my shop instead.',
      reason: 'An advertisement, not a review.',
    });
    await reportedReview(page.request, programId, reporter, {
      firstName: 'Fay',
      stars: 5,
      title: fair,
      text: 'Hard, but it works.',
      reason: 'I disagree with it.',
    });

    // The dashboard counts the open reports and leads to them.
    await signIn(page, superuser, '/admin/dashboard');
    await page.getByRole('link', { name: /^Reported reviews: \d+$/ }).click();
    await expect(page).toHaveURL('/admin/reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews: Reported' })).toBeVisible();

    const spamCard = page.getByRole('article', { name: spam });
    await expect(spamCard.getByRole('img', { name: '1 of 5 stars' })).toBeVisible();
    await expect(spamCard).toContainText('Buy cheap protein at my shop instead.');
    await expect(spamCard).toContainText('By Sam A.');
    await expect(spamCard).toContainText('Reported by Rita R.');
    await expect(spamCard).toContainText('An advertisement, not a review.');
    await expect(spamCard.getByRole('link', { name: 'Its programme’s reviews' })).toHaveAttribute(
      'href',
      `/programDetails/${programId}#reviews`,
    );

    await spamCard.getByRole('link', { name: 'Hide review' }).click();
    const dialog = page.getByRole('dialog', { name: `Hide the review “${spam}”?` });
    // Blank passes the browser's `required`; the page refuses it and keeps the dialog open.
    await dialog.getByLabel('Reason').fill('   ');
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await expect(dialog.getByText('Give a reason, of 1 to 500 characters.').first()).toBeVisible();
    await expect(spamCard).toHaveCount(1);
    await dialog.getByLabel('Reason').fill('Advertising breaks the review rules.');
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await expect(page).toHaveURL('/admin/reviews');
    await expect(toast(page, 'Review hidden')).toBeVisible();
    await expect(spamCard).toHaveCount(0);

    const fairCard = page.getByRole('article', { name: fair });
    await fairCard.getByRole('button', { name: 'Keep review' }).click();
    await expect(toast(page, 'Report dismissed')).toBeVisible();
    await expect(fairCard).toHaveCount(0);

    await page.goto(`/programDetails/${programId}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByText('5.0 of 5 from 1 review')).toBeVisible();
    await expect(reviews.getByRole('heading', { name: fair })).toBeVisible();
    await expect(reviews.getByRole('heading', { name: spam })).toHaveCount(0);
  });
});

test('a superuser hides a review, finds it in the Hidden view with its reason and shows it again', async ({
  page,
  superuser,
}) => {
  const { programId, reporter } = await reviewedProgramme(page.request);
  const title = `Harsh ${uniqueWord()}`;
  await reportedReview(page.request, programId, reporter, {
    firstName: 'Hal',
    stars: 2,
    title,
    text: 'Too hard for a beginner programme.',
    reason: 'Rude to the trainer.',
  });

  await signInAndFollow(
    page,
    superuser,
    '/admin/dashboard',
    { role: 'navigation', name: 'Admin sections' },
    'Reviews',
  );
  await expect(page).toHaveURL('/admin/reviews');
  const views = page.getByRole('navigation', { name: 'Review views' });
  await expect(views.getByRole('link', { name: 'Reported' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('article', { name: title }).getByRole('link', { name: 'Hide review' }).click();
  const dialog = page.getByRole('dialog', { name: `Hide the review “${title}”?` });
  await dialog.getByLabel('Reason').fill('Rude to the trainer.');
  await dialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(toast(page, 'Review hidden')).toBeVisible();

  await views.getByRole('link', { name: 'Hidden' }).click();
  await expect(page).toHaveURL('/admin/reviews?view=hidden');
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews: Hidden' })).toBeVisible();
  await expect(views.getByRole('link', { name: 'Hidden' })).toHaveAttribute('aria-current', 'page');
  await expect(views.getByRole('link', { name: 'Reported' })).not.toHaveAttribute('aria-current');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByRole('img', { name: '2 of 5 stars' })).toBeVisible();
  await expect(card).toContainText('Too hard for a beginner programme.');
  await expect(card).toContainText('By Hal A.');
  await expect(card).toContainText('Hidden because: Rude to the trainer.');
  await expect(card.getByRole('link', { name: 'Its programme’s reviews' })).toHaveAttribute(
    'href',
    `/programDetails/${programId}#reviews`,
  );
  await card.getByRole('button', { name: 'Show again' }).click();
  await expect(page).toHaveURL('/admin/reviews?view=hidden');
  await expect(toast(page, 'Review shown again')).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.goto(`/programDetails/${programId}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('2.0 of 5 from 1 review')).toBeVisible();
  await expect(reviews.getByRole('heading', { name: title })).toBeVisible();
});

test('a member cannot open the review moderation', async ({ page }) => {
  const member = await apiAccount(page.request);
  await signIn(page, member, '/admin/reviews');
  await expect(page).toHaveURL('/');
  await expect(toast(page, 'You are not authorized to access this page.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews: Reported' })).toHaveCount(0);
});
