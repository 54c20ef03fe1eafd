// Mutation testing with StrykerJS: `npm run test:mutation` (docs/testing.md). Not part of `npm test` or CI.
import jestConfig from './jest.config.js';

// Stryker's jest runner swaps in its own test environment to record which test covers which mutant, and jest
// ignores a root-level testEnvironment inside `projects`; so the unit and api projects run here as one flat config.
const [unit, api] = jestConfig.projects;
const { displayName: _unit, testMatch: unitTests, ...common } = unit;

/**
 * `STRYKER_MODULE=<name> npm run test:mutation` mutates one module's services, guards and strategy and runs only the
 * unit tests and the API e2e files that exercise it (docs/testing.md "One module at a time"). Every API e2e file
 * boots the app, so each is "related" to every service: without this list a mutant loads all of them.
 */
const MODULES = {
  access: ['access-matrix', 'programs', 'lessons', 'subscriptions', 'progress', 'users', 'payments', 'chat'],
  auth: ['auth', 'cookie-sessions', 'access-matrix', 'rate-limits', 'errors', 'chat'],
  users: ['users', 'access-matrix', 'auth', 'admin', 'account-lists', 'admin-superusers', 'admin-audit'],
  trainers: ['trainers', 'access-matrix', 'account-lists'],
  programs: ['programs', 'access-matrix', 'response-cache', 'pagination', 'admin-programs', 'admin-audit'],
  lessons: ['lessons', 'access-matrix'],
  subscriptions: ['subscriptions', 'progress', 'access-matrix'],
  payments: ['payments', 'paypal', 'paypal-webhooks-off'],
  chat: ['chat', 'admin-programs'],
  mail: ['mail', 'jobs', 'users', 'payments', 'paypal', 'admin-programs'],
  admin: ['admin', 'admin-audit', 'admin-superusers'],
  sitemap: ['sitemap'],
  audit: ['admin-audit'],
  // The site's access helpers, covered by their unit tests (the browser tests cannot run under Stryker).
  web: [],
};
const WEB_HELPERS = ['auth', 'route', 'session'].map((name) => `web/app/utils/${name}.server.ts`);
const only = process.env.STRYKER_MODULE;
if (only !== undefined && !(only in MODULES)) {
  throw new Error(`STRYKER_MODULE must be one of ${Object.keys(MODULES).join(', ')}`);
}
const scope = only
  ? {
      mutate:
        only === 'web'
          ? WEB_HELPERS
          : ['service', 'guard', 'strategy', 'rules'].map((kind) => `api/src/modules/${only}/*.${kind}.ts`),
      apiTests: MODULES[only].map((name) => `<rootDir>/test/api/${name}.e2e-spec.ts`),
      incrementalFile: `reports/mutation/${only}-incremental.json`,
    }
  : {
      mutate: [
        'api/src/modules/**/*.service.ts',
        'api/src/modules/**/*.guard.ts',
        'api/src/modules/**/*.strategy.ts',
        'api/src/modules/**/*.rules.ts',
        'api/src/modules/**/*.controller.ts',
        ...WEB_HELPERS,
      ],
      apiTests: api.testMatch,
      incrementalFile: 'reports/mutation/stryker-incremental.json',
    };

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: scope.mutate,
  testRunner: 'jest',
  testRunnerNodeArgs: ['--experimental-vm-modules'],
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    // The api project's testPathIgnorePatterns too: the scale-out tests need MariaDB and Redis.
    config: {
      ...common,
      projects: [],
      testMatch: [...unitTests, ...scope.apiTests],
      testPathIgnorePatterns: api.testPathIgnorePatterns,
    },
    enableFindRelatedTests: true,
  },
  coverageAnalysis: 'perTest',
  // Code that runs while an API e2e file boots its app (constructors, decorator arguments) is covered by no single
  // test: each such mutant would rerun every related test file, minutes apiece. Reported as ignored (docs/testing.md).
  ignoreStatic: true,
  plugins: ['@stryker-mutator/*', './stryker.plugins.mjs'],
  ignorers: ['LogLines'],
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.stryker.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  incremental: true,
  incrementalFile: scope.incrementalFile,
  concurrency: 2,
  timeoutMS: 20_000,
  // The initial run is the whole related suite with coverage: over Stryker's default 5 minutes on a busy machine.
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${only ?? 'mutation'}.html` },
  jsonReporter: { fileName: `reports/mutation/${only ?? 'mutation'}.json` },
  ignorePatterns: ['data', 'dist', 'build', 'coverage', 'test-results', 'playwright-report', '.test-reports'],
};
