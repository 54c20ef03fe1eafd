import type { Page } from '@playwright/test';
import { uniqueWord } from '../fixtures/words.js';
import { expect, REFUSED_SUBMISSION, signIn, test } from './support/accounts.js';
import { type ApiAccount, apiAccount, apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';
import { apiSubscribe } from './support/subscriptions.js';

/*
 * Every price is written in its programme's own currency and in the visitor's locale (their Accept-Language): the
 * cards, the programme page, the checkout, the trainer's programmes and the admin figures. A yen price has no
 * decimals, and the rupee sign is only ever an INR price's.
 */

interface Priced {
  currency: string;
  price: number;
  /** As an en-US reader writes it. */
  enUS: string;
  /** As a de-DE reader writes it. */
  deDE: string;
}

const PRICES: Priced[] = [
  { currency: 'USD', price: 39.99, enUS: '$39.99', deDE: '39,99 $' },
  { currency: 'EUR', price: 39.5, enUS: '€39.50', deDE: '39,50 €' },
  { currency: 'JPY', price: 3900, enUS: '¥3,900', deDE: '3.900 ¥' },
  { currency: 'INR', price: 1299, enUS: '₹1,299.00', deDE: '1.299,00 ₹' },
];

interface Catalogue {
  word: string;
  trainer: ApiAccount;
  programs: (Priced & { id: number; name: string })[];
}

/** One published programme per currency, of one new trainer, each named with a word of this test. */
async function catalogue(page: Page): Promise<Catalogue> {
  const word = uniqueWord();
  const { account: trainer } = await apiTrainer(page.request);
  const programs = [];
  for (const priced of PRICES) {
    const name = `${word} ${priced.currency} Flow`;
    const id = await apiProgram(page.request, trainer.auth, {
      program_name: name,
      price: priced.price,
      currency: priced.currency,
      duration: 45,
    });
    programs.push({ ...priced, id, name });
  }
  await publishPrograms(
    page.request,
    programs.map(({ id }) => id),
  );
  return { word, trainer, programs };
}

const NO_RUPEE_UNLESS_INR = (program: Priced, text: string) =>
  expect(text.includes('₹')).toBe(program.currency === 'INR');

for (const javaScriptEnabled of [true, false]) {
  test.describe(`prices with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    test.use({ javaScriptEnabled });

    test('cards show each price in its currency, with the duration', async ({ page }) => {
      const { word, trainer, programs } = await catalogue(page);
      await page.goto(`/programmes?q=${word}`);
      for (const program of programs) {
        const card = page.getByRole('article', { name: program.name });
        await expect(card).toContainText(`${program.enUS} · 45 days`);
        NO_RUPEE_UNLESS_INR(program, await card.innerText());
      }
      const trainerId = programs.length > 0 ? await trainerIdOf(page, trainer) : 0;
      await page.goto(`/trainerPage/${trainerId}`);
      for (const program of programs) {
        await expect(page.getByRole('article', { name: program.name })).toContainText(
          `${program.enUS} · 45 days`,
        );
      }
    });

    test('the programme page and its checkout ask for the price in its currency', async ({ page }) => {
      const { programs } = await catalogue(page);
      await signIn(page, await apiAccount(page.request));
      for (const program of programs) {
        await page.goto(`/programDetails/${program.id}`);
        const subscribe = page.getByRole('link', { name: `Subscribe at just ${program.enUS}` });
        await expect(subscribe).toBeVisible();
        // The trainer's other programmes below are priced in their own currencies.
        const pageText = await page.getByRole('main').innerText();
        const others = await page.getByRole('region', { name: /^More from / }).innerText();
        NO_RUPEE_UNLESS_INR(program, pageText.replace(others, ''));
        await subscribe.click();
        await expect(page).toHaveURL(`/programDetails/${program.id}?checkout=1`);
        await expect(page.getByText(`${program.name}: ${program.enUS}`, { exact: true })).toBeVisible();
      }
    });

    test("the trainer's programmes table shows each price in its currency", async ({ page }) => {
      const { trainer, programs } = await catalogue(page);
      await signIn(page, trainer);
      await page.goto('/trainerDashboard?view=programmes');
      for (const program of programs) {
        const row = page.getByRole('row', { name: new RegExp(program.name) });
        await expect(row).toContainText(program.enUS);
        NO_RUPEE_UNLESS_INR(program, await row.innerText());
      }
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the programme form with JavaScript ${javaScriptEnabled ? 'enabled' : 'disabled'}`, () => {
    test.use({ javaScriptEnabled, expectedConsoleErrors: [REFUSED_SUBMISSION] });

    test('creates a programme in yen, and refuses a yen price with decimals', async ({ page }) => {
      const { account } = await apiTrainer(page.request);
      await signIn(page, account);
      const name = `${uniqueWord()} Yen Flow`;
      const fill = async (price: string) => {
        await page.goto('/trainerDashboard?view=create');
        await page.getByLabel('Program Name').fill(name);
        await page.getByLabel('Description').fill('Thirty mornings in Kyoto.');
        await page.getByLabel('Duration (days)').fill('30');
        await page.getByLabel('Price').fill(price);
        await page.getByLabel('Currency').selectOption('JPY');
        await page.getByRole('button', { name: 'Create Program' }).click();
      };
      await fill('3900.5');
      await expect(page.getByText('A price in JPY is a whole amount, without decimals')).toBeVisible();
      await fill('3900');
      await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('¥3,900');
    });
  });
}

/** The trainer record's id of an account made a trainer. */
async function trainerIdOf(page: Page, trainer: ApiAccount): Promise<number> {
  const own = await page.request.get('/api/trainers/getTrainer/', { headers: trainer.auth });
  return ((await own.json()) as { data: { id: number } }).data.id;
}

test.describe('a German reader', () => {
  test.use({ locale: 'de-DE' });

  test('reads prices as German writes them, on the cards and the programme page', async ({ page }) => {
    const { word, programs } = await catalogue(page);
    await page.goto(`/programmes?q=${word}`);
    for (const program of programs) {
      await expect(page.getByRole('article', { name: program.name })).toContainText(program.deDE);
    }
    for (const program of programs) {
      await page.goto(`/programDetails/${program.id}`);
      await expect(page.getByRole('button', { name: `Subscribe at just ${program.deDE}` })).toBeVisible();
    }
  });
});

test('the admin figures give each currency its own symbol and decimals', async ({ page, superuser }) => {
  const { programs } = await catalogue(page);
  const member = await apiAccount(page.request);
  for (const { id } of programs) await apiSubscribe(page.request, member.auth, id);
  await signIn(page, superuser);
  await page.goto('/admin/dashboard');
  await page.getByText('The figures per day').click();
  const today = new Date().toISOString().slice(0, 10);
  const revenue = page
    .getByRole('table', { name: 'Per day' })
    .getByRole('row', { name: new RegExp(today) })
    .getByRole('cell')
    .nth(2);
  // Other tests sell today too: each currency is there, written its own way, whatever the sums.
  await expect(revenue).toContainText(/\$[\d,]+\.\d\d/);
  await expect(revenue).toContainText(/€[\d,]+\.\d\d/);
  await expect(revenue).toContainText(/¥[\d,]+(?![.\d])/);
  await expect(revenue).toContainText(/₹[\d,]+\.\d\d/);
  await expect(revenue).not.toContainText(/JPY|INR|EUR|USD/);
});
