import type { APIRequestContext, Locator } from '@playwright/test';
import { plainImage } from '../fixtures/images.js';
import { uniqueWord } from '../fixtures/words.js';
import { expect, test } from './support/accounts.js';
import { apiProgram, apiTrainer, publishPrograms } from './support/catalogue.js';

/*
 * Images in responsive sizes (web/app/utils/media.ts): a stored image is offered with its narrower copies, which
 * the API makes on first request (api/src/common/media/media-files.ts), and covers below the first row load lazily.
 */

/** Four published programmes with 1200 px wide covers, found by searching for the word they share. */
async function programmesWithCovers(request: APIRequestContext) {
  const word = uniqueWord();
  const { account } = await apiTrainer(request);
  const cover = await plainImage(1200, 675);
  const ids: number[] = [];
  for (let n = 1; n <= 4; n += 1) {
    ids.push(await apiProgram(request, account.auth, { program_name: `Pictured ${word} ${n}`, cover }));
  }
  await publishPrograms(request, ids);
  return { word, ids };
}

/** The address of the picture the browser chose and shows, once it is loaded. */
async function shownSource(image: Locator) {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate((element: HTMLImageElement) => element.currentSrc);
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1 });

  test('a programme card shows a narrower copy of its cover, and covers below the first row wait', async ({
    page,
  }) => {
    const { word } = await programmesWithCovers(page.request);
    const copies: number[] = [];
    page.on('response', (response) => {
      if (/\/media\/program\/[0-9a-f]{32}-\d+w\.webp$/.test(response.url())) copies.push(response.status());
    });
    await page.goto(`/programmes?q=${word}`);
    const covers = page.getByRole('article').getByRole('img', { name: /^Cover of / });
    await expect(covers).toHaveCount(4);
    expect(await shownSource(covers.first())).toMatch(/-640w\.webp$/);
    expect(await covers.first().getAttribute('loading')).toBeNull();
    expect(await covers.nth(3).getAttribute('loading')).toBe('lazy');
    expect(copies.length).toBeGreaterThan(0);
    expect(copies.every((status) => status === 200)).toBe(true);
  });
});

test('a programme page offers its cover in every width, and the browser takes one that fits', async ({
  page,
}) => {
  const { word, ids } = await programmesWithCovers(page.request);
  await page.goto(`/programDetails/${ids[0]}`);
  const cover = page.getByRole('img', { name: `Cover of Pictured ${word} 1` });
  expect(await cover.getAttribute('srcset')).toMatch(
    /-320w\.webp 320w, .*-640w\.webp 640w, .*-960w\.webp 960w, .*\.webp 1600w$/,
  );
  // The desktop page's container is 1140 px wide at most: the full image.
  expect(await shownSource(cover)).toMatch(/\/[0-9a-f]{32}\.webp$/);
});
