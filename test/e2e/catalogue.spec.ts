import type { Page } from '@playwright/test';
import { plainImage } from '../fixtures/images.js';
import { expect, signIn, test, toast } from './support/accounts.js';
import { apiAccount, publishPrograms } from './support/catalogue.js';
import { chooseFile } from './support/files.js';
import { uniqueWord } from '../fixtures/words.js';

/*
 * The catalogue's path from a new trainer to a listed programme, through the pages from the signed-in user on (test/e2e/accounts.spec.ts
 * covers registering and signing in): a new user registers as a trainer, builds a programme with lessons, asks
 * for publication; a superuser publishes it; it then shows in the catalogue.
 */

const ABOUT =
  'I have coached runners, climbers and busy parents for twelve years, and I believe steady habits beat heroic efforts every single time, at any age.';

async function png(name: string) {
  return { name, mimeType: 'image/png', buffer: await plainImage(320, 180) };
}

function trainerFlow(javaScriptEnabled: boolean) {
  test.describe(`the trainer's journey with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    test.use({ javaScriptEnabled });

    /** The lesson form: a modal dialog with JavaScript, a section of the page without it. */
    const lessonForm = (page: Page, title: 'Add Lesson' | 'Edit Lesson') =>
      javaScriptEnabled
        ? page.getByRole('dialog', { name: title })
        : page.locator('form', { has: page.getByLabel('Youtube URL') });

    async function addLesson(page: Page, title: string, url: string, number: string) {
      await page.getByRole('link', { name: 'Add Lesson +' }).click();
      const form = lessonForm(page, 'Add Lesson');
      await expect(form.getByLabel('Lesson Number')).toHaveValue(number);
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Youtube URL').fill(url);
      await chooseFile(form, 'Image', await png('lesson.png'), javaScriptEnabled);
      await form.getByLabel('Description').fill(`All about ${title.toLowerCase()}.`);
      await form.getByRole('button', { name: 'Add Lesson' }).click();
      // The previous lesson's toast may still be showing (5 s): the newest is this one's.
      await expect(toast(page, 'Lesson Added').last()).toBeVisible();
      await expect(page.getByRole('row', { name: `${number}. ${title}` })).toContainText(url);
    }

    test('register as a trainer, build a programme, have it published, find it in the catalogue', async ({
      page,
      request,
    }) => {
      test.slow();
      const account = await apiAccount(request);
      await signIn(page, account);

      await page.goto('/trainerRegister');
      await expect(page).toHaveTitle('Become a trainer | FitCoach');
      await expect(page.getByRole('heading', { name: 'Trainer Registration Form' })).toBeVisible();
      await expect(page.getByLabel('Specialisation')).toHaveValue('');
      await expect(page.getByLabel('Specialisation').locator('option').first()).toHaveText('--none--');
      await page.getByLabel('Experience').fill('12');
      await chooseFile(page, 'Profile Picture', await png('me.png'), javaScriptEnabled);
      await page.getByLabel('Certifications').fill('ACE Personal Trainer');
      await page.getByLabel('Phone').fill('9876543210');
      await page.getByLabel('Specialisation').selectOption('Calisthenics');
      await page.getByLabel('Country').selectOption('India');
      await page.getByLabel('About').fill(ABOUT);
      await page.getByRole('button', { name: 'Save' }).click();

      await expect(page).toHaveURL('/userProfile');
      await expect(toast(page, 'Trainer profile created')).toBeVisible();
      const header = page.getByRole('banner');
      await expect(
        header.getByRole('link', { name: 'Find trainers' }).filter({ visible: true }),
      ).toBeVisible();
      await expect(header.getByRole('link', { name: 'Join as Trainer' })).toHaveCount(0);
      const trainerLine = await page.getByText(/^Trainer ID : \d+$/).innerText();
      const trainerId = Number(trainerLine.replace('Trainer ID : ', ''));

      await page.goto('/trainerRegister');
      await expect(page.getByRole('heading', { name: 'You are Already a Trainer.' })).toBeVisible();
      await page.getByRole('link', { name: 'Trainer Dashboard' }).click();
      await expect(page).toHaveURL('/TrainerDashboard');

      // The programme, with a cover image.
      const dashboardMenu = page.getByRole('navigation', { name: 'Dashboard' });
      await dashboardMenu.getByRole('link', { name: 'Programmes' }).click();
      await expect(page.getByRole('heading', { name: 'Programmes' })).toBeVisible();
      await page.getByRole('link', { name: 'Add Programme' }).click();
      await expect(page.getByRole('heading', { name: 'Create New Fitness Program' })).toBeVisible();
      const word = uniqueWord();
      const name = `Sunrise Strength ${word}`;
      await page.getByLabel('Program Name').fill(name);
      await page
        .getByLabel('Description')
        .fill('Thirty mornings of bodyweight strength, one short video a day.');
      await page.getByLabel('Duration (days)').fill('30');
      await page.getByLabel('Price').fill('499');
      await page.getByLabel('Category').selectOption('Strength Training');
      await page.getByLabel('Difficulty Level').selectOption('Beginner');
      await chooseFile(page, 'Cover Image', await png('cover.png'), javaScriptEnabled);
      await page.getByRole('button', { name: 'Create Program' }).click();

      await expect(toast(page, 'Programme created')).toBeVisible();
      await expect(page).toHaveURL('/TrainerDashboard?view=programmes');
      const row = page.getByRole('row').filter({ hasText: name });
      await expect(row).toContainText('Strength Training');
      await expect(row).toContainText('30 Days');
      await expect(row.getByRole('button', { name: `publish ${name}` })).toBeVisible();
      const programLink = row.getByRole('link', { name, exact: true });
      const programId = Number(
        new URL((await programLink.getAttribute('href')) ?? '', 'http://site').searchParams.get('program'),
      );

      // Its lessons: two added, one edited, one deleted.
      await programLink.click();
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
      await addLesson(page, 'Push-up basics', 'https://www.youtube.com/watch?v=IODxDxX7oi4', '1');
      await addLesson(page, 'Squat pattern', 'https://youtu.be/aclHkVaku9U', '2');

      await page.getByRole('link', { name: 'Edit Push-up basics' }).click();
      const editForm = lessonForm(page, 'Edit Lesson');
      await expect(editForm.getByLabel('Title')).toHaveValue('Push-up basics');
      await editForm.getByLabel('Title').fill('Push-ups from the knees');
      await editForm.getByRole('button', { name: 'Save Lesson' }).click();
      await expect(toast(page, 'Lesson updated successfully')).toBeVisible();
      await expect(page.getByRole('row', { name: '1. Push-ups from the knees' })).toBeVisible();

      if (javaScriptEnabled) page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete Squat pattern' }).click();
      await expect(toast(page, 'Lesson deleted')).toBeVisible();
      await expect(page.getByRole('row', { name: '2. Squat pattern' })).toHaveCount(0);

      // Editing the programme itself.
      await page.getByRole('link', { name: 'back' }).click();
      await page.getByRole('link', { name: `Edit ${name}` }).click();
      await expect(page.getByLabel('Price')).toHaveValue('499');
      await page.getByLabel('Price').fill('599');
      await page.getByRole('button', { name: 'Save Program' }).click();
      await expect(toast(page, 'Programme updated')).toBeVisible();

      // Publication is asked for, once: the button gives way to "Requested".
      await page.getByRole('button', { name: `publish ${name}` }).click();
      await expect(toast(page, 'Publish request sent')).toBeVisible();
      await expect(row.getByRole('cell', { name: 'Requested', exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: `publish ${name}` })).toHaveCount(0);

      // Until a superuser publishes it, the catalogue does not list it and its card says "comming soon".
      await page.goto(`/programmes?q=${word}`);
      await expect(page.getByText('No programmes match your search.')).toBeVisible();
      await page.goto(`/trainerPage/${trainerId}`);
      await expect(page).toHaveTitle('Ada Tester, Calisthenics trainer | FitCoach');
      await page
        .getByRole('region', { name: 'Beginner' })
        .getByRole('link', { name: `View ${name}` })
        .click();
      await expect(toast(page, 'comming soon')).toBeVisible();
      await expect(page).toHaveURL(
        javaScriptEnabled ? `/trainerPage/${trainerId}` : `/trainerPage/${trainerId}?soon=${programId}`,
      );

      await publishPrograms(request, [programId]);
      await page.goto('/trainerDashboard?view=programmes');
      await expect(row.getByRole('cell', { name: 'Published', exact: true })).toBeVisible();
      await expect(row).not.toContainText('Requested');

      await page.goto(`/programmes?q=${word}`);
      const card = page.getByRole('article', { name });
      await expect(card).toContainText('Level: Beginner');
      await expect(card).toContainText('Trainer: Ada Tester');
      await card.getByRole('link', { name: `View ${name}` }).click();
      await expect(page).toHaveURL(`/programDetails/${programId}`);
      await expect(page).toHaveTitle(`${name} by Ada Tester | FitCoach`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText('$599.00 · 30 days · 1 lesson')).toBeVisible();
      await expect(page.getByRole('img', { name: `Cover of ${name}` })).toHaveAttribute('src', /^\/media\//);
      // docs/product.md §6: a trainer is offered no subscription; the owner may preview the lessons.
      await expect(page.getByRole('button', { name: /Subscribe at just/ })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Subscribe at just/ })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Preview lessons' })).toHaveAttribute(
        'href',
        `/programLesson/${programId}`,
      );

      await page.goto(`/trainerPage/${trainerId}`);
      await page
        .getByRole('region', { name: 'Beginner' })
        .getByRole('link', { name: `View ${name}` })
        .click();
      await expect(page).toHaveURL(`/programDetails/${programId}`);
    });
  });
}

trainerFlow(true);
trainerFlow(false);
