/** Jest runs TypeScript as native ES modules (Nest 12 ships ESM only), compiled by SWC with decorator metadata. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    '^@fitcoach/contracts$': '<rootDir>/libs/contracts/src/index.ts',
    '^~/(.*)$': '<rootDir>/web/app/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  // Stryker's sandboxes (npm run test:mutation) are copies of the repository: left by a stopped run, they would
  // give jest two of every package.
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp/'],
};

export default {
  // Global options: inside `projects` jest ignores them. API tests hash passwords and run migrations.
  testTimeout: 30_000,
  // One worker per core: jest's default leaves one core to itself, which on two cores is a single worker while
  // the API tests mostly wait on the database. Each worker has its own MySQL database (test/fixtures/app.ts).
  maxWorkers: '100%',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/api/src/**/*.spec.ts',
        '<rootDir>/libs/*/src/**/*.spec.ts',
        '<rootDir>/web/app/**/*.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/test/api/**/*.e2e-spec.ts'],
      // Several instances share a database and Redis (docs/architecture.md §12): only with both configured. What
      // only MySQL/MariaDB has (its connection pool): only with DATABASE_URL.
      testPathIgnorePatterns: [
        ...(process.env.REDIS_URL && process.env.DATABASE_URL ? [] : ['<rootDir>/test/api/scale-out/']),
        ...(process.env.DATABASE_URL ? [] : ['<rootDir>/test/api/mysql/']),
      ],
    },
    {
      ...common,
      // `npm run test:faults` only: it starts its own MariaDB, Redis and server processes (docs/testing.md).
      displayName: 'faults',
      testMatch: ['<rootDir>/test/faults/**/*.faults-spec.ts'],
    },
  ],
};
