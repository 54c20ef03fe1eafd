import { test as base, expect, type Page } from '@playwright/test';

export interface BrowserErrorOptions {
  /**
   * Console errors a test provokes on purpose, such as the browser's "Failed to load resource" line for a page
   * that is meant to answer 404.
   */
  expectedConsoleErrors: RegExp[];
}

/**
 * Resolves once the page's app runs: its scripts are fetched after the page's first paint (ADR 044), and
 * Remix makes its router as React starts on the page. A document that is not a page of the app, or a page that runs
 * no scripts (the offline page), has nothing to wait for.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.contentType !== 'text/html' ||
      '__remixRouter' in window ||
      (document.readyState === 'complete' && document.querySelector('script[type="module"]') === null),
  );
}

/**
 * Playwright's `test` whose page fails the test when the browser reports an error: a `console.error` (React's
 * warnings, failed hydration, failed requests) or an uncaught exception. With JavaScript, its `goto` and `reload`
 * resolve once the app runs (`appStarted`), as a visitor acts on a page that has come alive; the server's HTML
 * before that is what the tests without JavaScript check.
 */
export const test = base.extend<BrowserErrorOptions>({
  expectedConsoleErrors: [[], { option: true }],
  page: async ({ page, expectedConsoleErrors, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const thenStarted =
        <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
        async (...args: A): Promise<R> => {
          const response = await navigate(...args);
          await appStarted(page);
          return response;
        };
      page.goto = thenStarted(page.goto.bind(page));
      page.reload = thenStarted(page.reload.bind(page));
    }
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!expectedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(`console.error: ${text}`);
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await use(page);
    expect(errors, 'errors reported by the browser').toEqual([]);
  },
});

export { expect };
