import { expect, superuserAuth, test } from './support/accounts.js';
import { apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { apiLessons } from './support/subscriptions.js';

/*
 * What a visitor sees of a programme before paying (docs/product.md §2.6): its trainer, what each lesson covers
 * without the videos, its price, length and level, and the trainer's other programmes. Without JavaScript: the page
 * is the server's.
 */

test.use({ javaScriptEnabled: false });

test("a programme's page shows its trainer, its outline without videos and the trainer's other programmes", async ({
  page,
  request,
}) => {
  const { account, trainerId } = await apiTrainer(
    request,
    { specalized: 'Meditation' },
    { firstName: 'Vera', lastName: 'Vetted' },
  );
  const verified = await request.put(`/api/trainers/${trainerId}/verify/`, {
    headers: await superuserAuth(request),
    data: { verified: true },
  });
  expect(verified.status()).toBe(200);
  const program = await apiProgram(request, account.auth, {
    program_name: 'Supple in Three Weeks',
    duration: 21,
    price: 2900,
    level: 'Advance',
    category: 'Pilates',
  });
  await apiLessons(request, account.auth, program, [
    { number: 1, title: 'Hips first', videoId: 'IODxDxX7oi4', description: 'Open the hips, slowly.' },
    {
      number: 2,
      title: 'A long spine',
      videoId: 'aclHkVaku9U',
      description: 'Roll down, vertebra by vertebra.',
    },
  ]);
  const other = await apiProgram(request, account.auth, { program_name: 'Strong Ankles' });
  await apiProgram(request, account.auth, { program_name: 'Unfinished Draft' });
  await publishPrograms(request, [program, other]);

  await page.goto(`/programDetails/${program}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Supple in Three Weeks' })).toBeVisible();
  await expect(page.getByText('$2,900.00 · 21 days · 2 lessons')).toBeVisible();
  await expect(page.getByText('Level: Advanced · Pilates')).toBeVisible();

  const trainer = page.getByRole('region', { name: 'Your trainer' });
  await expect(trainer.getByRole('link', { name: 'Vera Vetted' })).toHaveAttribute(
    'href',
    `/trainerPage/${trainerId}`,
  );
  await expect(trainer.getByText('Verified', { exact: true })).toBeVisible();
  await expect(trainer.getByText('Specialised in Meditation')).toBeVisible();

  const outline = page.getByRole('region', { name: 'What the programme covers' });
  await expect(outline.getByRole('listitem')).toHaveText([
    /Lesson 1\s*Hips first\s*Open the hips, slowly\./,
    /Lesson 2\s*A long spine\s*Roll down, vertebra by vertebra\./,
  ]);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await page.content()).not.toContain('IODxDxX7oi4');
  await expect(page.getByText(/Kiran|Jessica Simon/)).toHaveCount(0);

  const more = page.getByRole('region', { name: 'More from Vera Vetted' });
  await expect(more.getByRole('article')).toHaveCount(1);
  await expect(more.getByRole('article', { name: 'Strong Ankles' })).toBeVisible();
  await expect(more.getByText('Unfinished Draft')).toHaveCount(0);
  await more.getByRole('link', { name: 'View Strong Ankles' }).click();
  await expect(page).toHaveURL(`/programDetails/${other}`);
});

test('a trainer who is not verified has no badge, and a trainer with one programme suggests nothing more', async ({
  page,
  request,
}) => {
  const { account } = await apiTrainer(request, {}, { firstName: 'Nina', lastName: 'New' });
  const program = await apiProgram(request, account.auth, { program_name: 'Only One' });
  await publishPrograms(request, [program]);
  await page.goto(`/programDetails/${program}`);
  const trainer = page.getByRole('region', { name: 'Your trainer' });
  await expect(trainer.getByRole('link', { name: 'Nina New' })).toBeVisible();
  await expect(trainer.getByText('Verified', { exact: true })).toHaveCount(0);
  await expect(page.getByText('The trainer has not added lessons yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: /^More from/ })).toHaveCount(0);
});

test('programmes without a cover picture get covers of their own: initials on their category colour', async ({
  page,
  request,
}) => {
  const { account, trainerId } = await apiTrainer(request);
  const names = ['Morning Mobility Basics', 'Marathon Mindset'];
  const ids = [];
  for (const name of names)
    ids.push(await apiProgram(request, account.auth, { program_name: name, cover: null }));
  await publishPrograms(request, ids);
  await page.goto(`/trainerPage/${trainerId}`);
  const covers = [];
  for (const name of names) {
    const cover = page.getByRole('article', { name }).locator('[aria-hidden="true"]').first();
    await expect(cover).toHaveText('MM');
    covers.push(await cover.evaluate((element) => getComputedStyle(element).backgroundImage));
  }
  expect(covers[0]).toMatch(/^linear-gradient/);
  expect(covers[0]).not.toBe(covers[1]);
});
