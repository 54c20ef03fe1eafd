import { test as base, expect } from '@playwright/test';

export interface BrowserErrorOptions {
  /**
   * Console errors a test provokes on purpose, such as the browser's "Failed to load resource" line for a page
   * that is meant to answer 404.
   */
  expectedConsoleErrors: RegExp[];
}

/**
 * Playwright's `test` whose page fails the test when the browser reports an error: a `console.error` (React's
 * warnings, failed hydration, failed requests) or an uncaught exception.
 */
export const test = base.extend<BrowserErrorOptions>({
  expectedConsoleErrors: [[], { option: true }],
  page: async ({ page, expectedConsoleErrors }, use) => {
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
