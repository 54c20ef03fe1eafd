// `npm test`: every check a change needs, in order, stopping at the first failure, on whatever database
// and queue the environment selects (SQLite and in-process jobs by default). Ends with one summary line.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = join(root, '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// .ci/run's second pass (MariaDB + Redis) sets TEST_SKIP_DATABASE_INDEPENDENT=1 to skip what no database or queue
// changes, which its first pass ran.
const DATABASE_INDEPENDENT = new Set(['typecheck', 'lint', 'unit tests']);
const skipIndependent = process.env.TEST_SKIP_DATABASE_INDEPENDENT === '1';
// That pass runs every API test, which is where the databases differ, and of the browser tests only the journeys
// whose pages show what the database computes (progress, dates, sums, orderings); the others render what the same
// services answer on either database, and running all of them twice would take CI past its time budget.
const DATABASE_JOURNEYS = [
  'admin-reviews',
  'chat',
  'insights',
  'lessons',
  'payment-history',
  'reviews',
  'streaks',
  'subscribers',
  'trainer-dashboard',
  'training-record',
].map((name) => `test/e2e/${name}.spec.ts`);

const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--ci'];
const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  [
    'unit tests',
    'node',
    [...jest, '--selectProjects', 'unit', '--json', `--outputFile=${reports}/unit.json`],
  ],
  [
    'API e2e tests',
    'node',
    [...jest, '--selectProjects', 'api', '--json', `--outputFile=${reports}/api.json`],
  ],
  ['build', 'node', ['scripts/ensure-build.mjs']],
  [
    'browser tests',
    'npx',
    ['playwright', 'test', ...(skipIndependent ? ['--project=chromium', ...DATABASE_JOURNEYS] : [])],
  ],
];

const target = process.env.DATABASE_URL ? 'MySQL/MariaDB' : 'SQLite';
const queue = process.env.REDIS_URL ? 'Bull on Redis' : 'in-process jobs';
console.log(`npm test on ${target} with ${queue}`);

/** Passed, failed and skipped tests of every runner; a focused test (`.only`) leaves the others skipped. */
function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const name of skipIndependent ? ['api'] : ['unit', 'api']) {
    const report = JSON.parse(readFileSync(join(reports, `${name}.json`), 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += jestSkipped(name);
  }
  const e2e = JSON.parse(readFileSync(join(reports, 'playwright.json'), 'utf8')).stats;
  return {
    passed: passed + e2e.expected + e2e.flaky,
    failed: failed + e2e.unexpected,
    skipped: skipped + e2e.skipped,
  };
}

/** Jest's tests that did not run: skipped, todo, or left out by a focused (`.only`) test in the same file. */
function jestSkipped(name) {
  const report = JSON.parse(readFileSync(join(reports, `${name}.json`), 'utf8'));
  return report.numPendingTests + report.numTodoTests;
}

for (const [label, command, args] of steps) {
  if (skipIndependent && DATABASE_INDEPENDENT.has(label)) {
    console.log(`\n=== ${label}: skipped (TEST_SKIP_DATABASE_INDEPENDENT=1) ===`);
    continue;
  }
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  try {
    execFileSync(command, args, { cwd: root, stdio: 'inherit' });
  } catch {
    console.error(`\nnpm test: ${label} failed`);
    process.exit(1);
  }
  console.log(`=== ${label}: ${Math.round((Date.now() - started) / 1000)} s ===`);
  const report = { 'unit tests': 'unit', 'API e2e tests': 'api' }[label];
  const skipped = report ? jestSkipped(report) : 0;
  if (skipped > 0) {
    console.error(
      `\nnpm test: ${label}: ${skipped} tests did not run (skipped, todo or beside a focused test)`,
    );
    process.exit(1);
  }
}
const { passed, failed, skipped } = counts();
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && skipped === 0 ? 0 : 1);
