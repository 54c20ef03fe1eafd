import { CATALOGUE_MESSAGES } from '@fitcoach/contracts';
import { expect, REFUSED_SUBMISSION, signIn, test, toast } from './support/accounts.js';
import { MESSAGES } from '../../web/app/utils/messages.js';
import { apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';

test.describe('/trainerRegister', () => {
  test('a visitor is asked to create an account first', async ({ page }) => {
    await page.goto('/trainerRegister');
    await expect(page.getByRole('heading', { name: 'You need to create an account first' })).toBeVisible();
    await page.getByRole('link', { name: 'Create Account' }).click();
    await expect(page).toHaveURL('/register');
  });

  test.describe('refusals', () => {
    test.use({ expectedConsoleErrors: [REFUSED_SUBMISSION] });

    test('a bad phone is hinted while typing and refused with "invalid credentials"', async ({
      page,
      request,
    }) => {
      await signIn(page, await apiAccount(request));
      await page.goto('/findTrainer');
      await page.getByRole('banner').getByRole('link', { name: 'Join as Trainer' }).click();
      await expect(page.getByRole('heading', { name: 'Trainer Registration Form' })).toBeVisible();
      const phone = page.getByLabel('Phone');
      await phone.fill('12345');
      await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
      await phone.fill('9876543210');
      await expect(page.getByText('Please enter a valid phone number.')).toBeHidden();

      // The browser would refuse the value itself; without its pattern the server is the one to say no.
      await phone.evaluate((input) => input.removeAttribute('pattern'));
      await phone.fill('12345');
      await page.getByLabel('Experience').fill('3');
      await page.getByLabel('Specialisation').selectOption('Diet');
      await page.getByLabel('Country').selectOption('Kenya');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'invalid credentials')).toBeVisible();
      await expect(page).toHaveURL('/trainerRegister');
      await expect(page.getByLabel('Country')).toHaveValue('Kenya');

      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(page).toHaveURL('/findTrainer');
    });
  });
});

test.describe('the dashboard of a user who is not a trainer', () => {
  test.use({ javaScriptEnabled: false });

  test('offers Subscribed Programmes, and no view that leads nowhere', async ({ page, request }) => {
    await signIn(page, await apiAccount(request));
    await page.goto('/trainerDashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page).toHaveTitle('Dashboard | FitCoach');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'Programmes', exact: true })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Subscribed Programmes' }).click();
    await expect(page.getByText('You have not subscribed to any programme yet.')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Communities' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat');

    // A trainer's view asked for by URL is the profile for everybody else.
    await page.goto('/trainerDashboard?view=programmes');
    await expect(page.getByRole('heading', { name: 'Programmes', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'update profile' })).toBeVisible();
  });
});

test.describe("the trainer's dashboard", () => {
  test.use({ expectedConsoleErrors: [REFUSED_SUBMISSION] });

  test('Subscribers opens from the menu', async ({ page, request }) => {
    const { account } = await apiTrainer(request);
    await signIn(page, account);
    await page.goto('/trainerDashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trainer Dashboard');
    await expect(page).toHaveTitle('Trainer dashboard | FitCoach');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Subscribers' })
      .click();
    await expect(page.getByText('Nobody has subscribed to your programmes yet.')).toBeVisible();
  });

  test('a refused programme says "Sorry Programme not created" and keeps what was typed', async ({
    page,
    request,
  }) => {
    const { account } = await apiTrainer(request);
    await signIn(page, account);
    await page.goto('/trainerDashboard?view=create');
    await page.getByLabel('Program Name').fill('Too cheap');
    await page.getByLabel('Description').fill('Costs nothing.');
    await page.getByLabel('Duration (days)').fill('10');
    await page.getByLabel('Price').evaluate((input) => input.removeAttribute('min'));
    await page.getByLabel('Price').fill('0');
    await page.getByRole('button', { name: 'Create Program' }).click();
    await expect(toast(page, 'Sorry Programme not created')).toBeVisible();
    await expect(page.getByText(CATALOGUE_MESSAGES.price)).toBeVisible();
    await expect(page.getByLabel('Program Name')).toHaveValue('Too cheap');
  });

  test('renaming a published programme says it went back to review, and the table shows "Requested"', async ({
    page,
    request,
  }) => {
    const { account } = await apiTrainer(request);
    const id = await apiProgram(request, account.auth, { program_name: 'Live programme' });
    await publishPrograms(request, [id]);
    await signIn(page, account);
    await page.goto(`/trainerDashboard?view=edit&program=${id}`);
    await page.getByLabel('Program Name').fill('Renamed programme');
    await page.getByRole('button', { name: 'Save Program' }).click();
    await expect(toast(page, MESSAGES.programBackToReview)).toBeVisible();
    const row = page.getByRole('row', { name: /Renamed programme/ });
    await expect(row.getByText('Requested')).toBeVisible();
  });

  test('a duplicate lesson number and a link that is not YouTube are refused', async ({ page, request }) => {
    const { account } = await apiTrainer(request);
    const id = await apiProgram(request, account.auth);
    const lesson = await request.post(`/api/fitness_programs/createLesson/${id}/`, {
      headers: account.auth,
      multipart: {
        title: 'First',
        lesson_number: '1',
        video_url: 'https://www.youtube.com/watch?v=IODxDxX7oi4',
      },
    });
    expect(lesson.status()).toBe(201);
    await signIn(page, account);

    await page.goto(`/trainerDashboard?view=lessons&program=${id}&lesson=new`);
    const form = page.getByRole('dialog', { name: 'Add Lesson' });
    await form.getByLabel('Title').fill('Second');
    await form.getByLabel('Lesson Number').fill('1');
    await form.getByLabel('Youtube URL').fill('https://www.youtube.com/watch?v=aclHkVaku9U');
    await form.getByRole('button', { name: 'Add Lesson' }).click();
    await expect(toast(page, 'Lesson number already exists')).toBeVisible();

    await form.getByLabel('Lesson Number').fill('2');
    await form.getByLabel('Youtube URL').fill('https://vimeo.com/76979871');
    await form.getByRole('button', { name: 'Add Lesson' }).click();
    const message = 'Enter a valid YouTube link, such as https://www.youtube.com/watch?v=...';
    await expect(toast(page, message)).toBeVisible();
    await expect(form.getByText(message)).toBeVisible();

    await form.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`/trainerDashboard?view=lessons&program=${id}`);
    await expect(page.getByRole('row', { name: /First/ })).toBeVisible();
  });

  test("another trainer's programme is not found in the lessons manager", async ({ page, request }) => {
    const other = await apiTrainer(request);
    const id = await apiProgram(request, other.account.auth);
    const { account } = await apiTrainer(request);
    await signIn(page, account);
    const response = await page.goto(`/trainerDashboard?view=lessons&program=${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  });
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the catalogue and the dashboard do not scroll sideways', async ({ page, request }) => {
    const { account, trainerId } = await apiTrainer(request);
    await apiProgram(request, account.auth);
    await signIn(page, account);
    for (const path of [
      '/findTrainer',
      '/programmes',
      `/trainerPage/${trainerId}`,
      '/trainerDashboard?view=programmes',
    ]) {
      await page.goto(path);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, path).toBeLessThanOrEqual(360);
    }
  });
});
