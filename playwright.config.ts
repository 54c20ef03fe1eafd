import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// Set once in the main process and inherited by the workers, so tests can read the server's files (the outbox).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'fitcoach-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;
// Debian's headless shell (package chromium-headless-shell) is what Playwright's own headless mode runs, and costs
// the suite about 40 % less CPU than the full browser in its new headless mode; it has no push messaging, so the
// installable-app tests run in the full browser (package chromium).
const fullBrowser = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
const headlessShell = existsSync('/usr/lib/chromium/chromium-headless-shell')
  ? '/usr/lib/chromium/chromium-headless-shell'
  : fullBrowser;

const chromiumWith = (systemPath: string | undefined) => ({
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? systemPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  },
});
const chromiumUse = chromiumWith(headlessShell);

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // Two workers, their browsers, the server and the database share two cores: a client-side navigation that loads
  // a route's modules for the first time has been seen to take over 5 s (expect's default), and the account journey
  // 35 s on MariaDB (the default test timeout is 30 s).
  expect: { timeout: 15_000 },
  timeout: 60_000,
  reporter: [
    ['list'],
    ['json', { outputFile: '.test-reports/playwright.json' }],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
  ],
  use: {
    baseURL,
    // A trace records every action's screenshots and DOM, which on two cores slows the whole suite by minutes;
    // `npx playwright test --trace retain-on-failure <file>` records them when a failure needs reading.
    trace: 'off',
    // The site's service worker would answer navigations itself, out of reach of page.route and request counts;
    // test/e2e/pwa.spec.ts lets it in.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'chromium', use: chromiumUse, testIgnore: /(accessibility|pwa)\.spec\.ts$/ },
    { name: 'full-browser', use: chromiumWith(fullBrowser), testMatch: /pwa\.spec\.ts$/ },
    // axe is heavy: it runs after the other tests, alone, so that it cannot slow their timing-sensitive checks (the
    // body-limit tests of hostile-requests.spec.ts count the bytes a client sent before the 413 reached it).
    // `npx playwright test --no-deps test/e2e/accessibility.spec.ts` runs it on its own.
    {
      name: 'accessibility',
      use: chromiumUse,
      testMatch: /accessibility\.spec\.ts$/,
      dependencies: ['chromium', 'full-browser'],
    },
  ],
  webServer: {
    command: 'node api/dist/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
  },
});
