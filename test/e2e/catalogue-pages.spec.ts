import { expect, REFUSED_SUBMISSION, signIn, test, toast } from './support/accounts.js';
import { apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { uniqueWord } from '../fixtures/words.js';

/** Thirty words, so that the card's excerpt (20 words and an ellipsis) cuts it. */
function longAbout(word: string): string {
  const words = Array.from({ length: 30 }, (_, index) => `w${index + 1}`);
  words[0] = word;
  return words.join(' ');
}

test.describe('/findTrainer', () => {
  test('shows a trainer card with the about text cut to 20 words, leading to the trainer page', async ({
    page,
    request,
  }) => {
    const word = uniqueWord();
    const { account, trainerId } = await apiTrainer(request, {
      about: longAbout(word),
      specalized: 'Meditation',
    });
    // Only trainers with a published programme are listed.
    await publishPrograms(request, [await apiProgram(request, account.auth)]);

    await page.goto('/findTrainer');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Meet Trainers That Push You To Your Limits',
    );
    await expect(page.getByRole('heading', { name: 'Trainers', exact: true })).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: word });
    await expect(card).toContainText('Specialised in Meditation');
    await expect(card).toContainText('Ada Tester');
    await expect(card.getByText(`${word} w2`)).toHaveText(
      `${longAbout(word).split(' ').slice(0, 20).join(' ')}...`,
    );
    await card.getByRole('link', { name: 'View Ada Tester' }).click();
    await expect(page).toHaveURL(`/trainerPage/${trainerId}`);
  });
});

test.describe('/programmes', () => {
  test.use({ javaScriptEnabled: false });

  test('the filters narrow the list without JavaScript', async ({ page, request }) => {
    const word = uniqueWord();
    const { account } = await apiTrainer(request);
    const ids = [
      await apiProgram(request, account.auth, {
        program_name: `Calm ${word}`,
        category: 'Yoga',
        level: 'Beginner',
      }),
      await apiProgram(request, account.auth, {
        program_name: `Burn ${word}`,
        category: 'Cardio',
        level: 'Advance',
      }),
    ];
    await publishPrograms(request, ids);

    await page.goto('/programmes');
    const search = page.getByRole('search', { name: 'Filter programmes' });
    await search.getByLabel('Search').fill(word);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('article')).toHaveCount(2);

    await search.getByLabel('Category').selectOption('Cardio');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(`/programmes?category=Cardio&level=&q=${word}`);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article', { name: `Burn ${word}` })).toContainText('Level: Advanced');

    await search.getByLabel('Category').selectOption('');
    await search.getByLabel('Level').selectOption('Beginner');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article', { name: `Calm ${word}` })).toBeVisible();

    await page.getByRole('link', { name: 'Clear' }).click();
    await expect(page).toHaveURL('/programmes');
    await expect(search.getByLabel('Search')).toHaveValue('');
  });
});

function trainerPageSuite(javaScriptEnabled: boolean) {
  test.describe(`/trainerPage with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 900, height: 900 } });

    test('tabs, and level rows whose arrows appear with more than 4 programmes', async ({
      page,
      request,
    }) => {
      const { account, trainerId } = await apiTrainer(request, { certifications: 'Yoga Alliance E-RYT 500' });
      const beginner = [];
      for (let n = 1; n <= 5; n += 1) {
        beginner.push(
          await apiProgram(request, account.auth, { program_name: `Beginner ${n}`, level: 'Beginner' }),
        );
      }
      const intermediate = await apiProgram(request, account.auth, {
        program_name: 'Intermediate 1',
        level: 'Intermediate',
      });
      await publishPrograms(request, [...beginner, intermediate]);

      await page.goto(`/trainerPage/${trainerId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Ada Tester' })).toBeVisible();
      await expect(page.getByText('Specialized In: Yoga')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Transforming Lives through Fitness' })).toBeVisible();
      if (javaScriptEnabled) {
        await page.getByRole('tab', { name: 'Credentials' }).click();
      } else {
        await page.getByRole('link', { name: 'Credentials' }).click();
        await expect(page).toHaveURL(`/trainerPage/${trainerId}?tab=credentials`);
      }
      await expect(page.getByRole('heading', { name: 'My Credentials' })).toBeVisible();
      await expect(page.getByText('Certified in Yoga Alliance E-RYT 500')).toBeVisible();
      await (
        javaScriptEnabled
          ? page.getByRole('tab', { name: 'Vision' })
          : page.getByRole('link', { name: 'Vision' })
      ).click();
      await expect(page.getByRole('heading', { name: 'Our Vision' })).toBeVisible();

      for (const level of ['Beginner', 'Intermediate', 'Advanced']) {
        await expect(page.getByRole('region', { name: level })).toContainText(
          'Choose the best programme that suits your needs',
        );
      }
      await expect(page.getByRole('region', { name: 'Advanced' })).toContainText(
        'No programmes at this level yet.',
      );
      await expect(page.getByRole('region', { name: 'Intermediate' }).getByRole('article')).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Scroll Intermediate right' })).toHaveCount(0);

      const row = page.getByRole('group', { name: 'Beginner programmes' });
      await expect(row.getByRole('article')).toHaveCount(5);
      // Without JavaScript the row still scrolls natively: it is wider than its box.
      const overflows = await row.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(overflows).toBe(true);
      const right = page.getByRole('button', { name: 'Scroll Beginner right' });
      if (!javaScriptEnabled) {
        await expect(right).toHaveCount(0);
        return;
      }
      expect(await row.evaluate((element) => element.scrollLeft)).toBe(0);
      await right.click();
      await expect.poll(() => row.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Scroll Beginner left' }).click();
      await expect.poll(() => row.evaluate((element) => element.scrollLeft)).toBe(0);
    });

    test(`a card's View opens the programme${javaScriptEnabled ? ' in the app, the page not loaded again' : ''}`, async ({
      page,
      request,
    }) => {
      const { account, trainerId } = await apiTrainer(request);
      const name = 'Opened from the row';
      const programId = await apiProgram(request, account.auth, { program_name: name, level: 'Advance' });
      await publishPrograms(request, [programId]);
      await page.goto(`/trainerPage/${trainerId}`);
      if (javaScriptEnabled) await page.evaluate(() => Object.assign(window, { stayedOnThisDocument: true }));
      await page
        .getByRole('region', { name: 'Advanced' })
        .getByRole('link', { name: `View ${name}` })
        .click();
      await expect(page).toHaveURL(`/programDetails/${programId}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      if (javaScriptEnabled) expect(await page.evaluate(() => 'stayedOnThisDocument' in window)).toBe(true);
    });
  });
}

trainerPageSuite(true);
trainerPageSuite(false);

function subscribeSuite(javaScriptEnabled: boolean) {
  test.describe(`Subscribe on /programDetails with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    test.use({ javaScriptEnabled, expectedConsoleErrors: [REFUSED_SUBMISSION] });

    test('asks a visitor to log in and opens the Payment step for a user', async ({ page, request }) => {
      const { account } = await apiTrainer(request);
      const id = await apiProgram(request, account.auth, { price: 1299, duration: 45 });
      await publishPrograms(request, [id]);

      await page.goto(`/programDetails/${id}`);
      await expect(page.getByText('$1,299.00 · 45 days · 0 lessons')).toBeVisible();
      for (const heading of ['About the programme', 'Key Benefits']) {
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      }
      await expect(page.getByText('Look Young & Beautiful')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Login to view the lessons' })).toBeVisible();
      await page.getByRole('button', { name: 'Subscribe at just $1,299.00' }).click();
      await expect(toast(page, 'Please Login First !')).toBeVisible();

      const member = await apiAccount(request);
      await signIn(page, member);
      await page.goto(`/programDetails/${id}`);
      await expect(page.getByText('Subscribe to view the lessons')).toBeVisible();
      await page.getByRole('link', { name: 'Subscribe at just $1,299.00' }).click();
      await expect(page).toHaveURL(`/programDetails/${id}?checkout=1`);
      await expect(page.getByRole('button', { name: 'Pay (test payment)' })).toBeVisible();
    });
  });
}

subscribeSuite(true);
subscribeSuite(false);

test.describe('unknown records', () => {
  // Chromium logs every 404 answer, the page's own included.
  test.use({
    expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/],
  });

  for (const path of [
    '/programDetails/987654321',
    '/programDetails/abc',
    '/trainerPage/987654321',
    '/trainerPage/0',
  ]) {
    test(`${path} answers 404 with the not-found page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
    });
  }

  test('an unpublished programme is unknown to visitors', async ({ page, request }) => {
    const { account } = await apiTrainer(request);
    const id = await apiProgram(request, account.auth);
    const response = await page.goto(`/programDetails/${id}`);
    expect(response?.status()).toBe(404);
  });
});
