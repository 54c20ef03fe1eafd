// Mutation testing with StrykerJS: `npm run test:mutation` (docs/testing.md). Not part of `npm test` or CI.
import jestConfig from './jest.config.js';

// Stryker's jest runner swaps in its own test environment to record which test covers which mutant, and jest
// ignores a root-level testEnvironment inside `projects`; so the unit and api projects run here as one flat config.
const [unit, api] = jestConfig.projects;
const { displayName: _unit, testMatch: unitTests, ...common } = unit;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [
    'api/src/modules/**/*.service.ts',
    'api/src/modules/**/*.guard.ts',
    'api/src/modules/**/*.strategy.ts',
    'api/src/modules/**/*.controller.ts',
    'web/app/utils/auth.server.ts',
    'web/app/utils/route.server.ts',
    'web/app/utils/session.server.ts',
  ],
  testRunner: 'jest',
  testRunnerNodeArgs: ['--experimental-vm-modules'],
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    // The api project's testPathIgnorePatterns too: the scale-out tests need MariaDB and Redis.
    config: {
      ...common,
      projects: [],
      testMatch: [...unitTests, ...api.testMatch],
      testPathIgnorePatterns: api.testPathIgnorePatterns,
    },
    enableFindRelatedTests: true,
  },
  coverageAnalysis: 'perTest',
  // Code that runs while an API e2e file boots its app (constructors, decorator arguments) is covered by no single
  // test: each such mutant would rerun every related test file, minutes apiece. Reported as ignored (docs/testing.md).
  ignoreStatic: true,
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.stryker.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  concurrency: 2,
  timeoutMS: 20_000,
  // The initial run is the whole related suite with coverage: over Stryker's default 5 minutes on a busy machine.
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  ignorePatterns: ['data', 'dist', 'build', 'coverage', 'test-results', 'playwright-report', '.test-reports'],
};
