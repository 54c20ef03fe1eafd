import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../common/config/app-config.js';
import { openDataSource } from '../common/database/data-source-options.js';
import { seedDemo } from '../database/seeds/demo.js';
import {
  LARGE_ADMIN_EMAIL,
  LARGE_COACH_EMAIL,
  LARGE_PASSWORD,
  largeEmail,
  largeSizes,
  seedLarge,
} from '../database/seeds/large.js';

/** Enough for any load test, few enough that a typo (an extra zero or three) does not fill the disk. */
const MAX_EXTRA_PROGRAMS = 100_000;

/**
 * `npm run seed [-- --programmes N]`: creates the demo accounts, trainers, programmes and lessons where they are
 * missing (running it again changes nothing), plus N extra published programmes for load tests.
 * `--scale large` adds the load-test data of api/src/database/seeds/large.ts (100,000 accounts, 10,000 programmes,
 * 1,000,000 payments, their subscriptions, lessons, progress and chat); `--factor F` scales every size of it
 * (0.05: 5,000 accounts). It refuses NODE_ENV=production unless `--force` is given too.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      programmes: { type: 'string', default: '0' },
      scale: { type: 'string', default: 'demo' },
      factor: { type: 'string', default: '1' },
      force: { type: 'boolean', default: false },
    },
  });
  if (values.scale !== 'demo' && values.scale !== 'large') {
    throw new ConfigError('--scale must be demo or large');
  }
  const large = values.scale === 'large';
  if (large && process.env.NODE_ENV === 'production' && !values.force) {
    throw new ConfigError(
      '--scale large writes a million rows of made-up data: refused with NODE_ENV=production',
    );
  }
  const factor = Number(values.factor);
  if (large) {
    try {
      largeSizes(factor);
    } catch (error) {
      throw new ConfigError(`--factor: ${(error as Error).message}`);
    }
  } else if (values.factor !== '1') {
    throw new ConfigError('--factor goes with --scale large');
  }
  const extraPrograms = Number(values.programmes);
  if (!Number.isInteger(extraPrograms) || extraPrograms < 0 || extraPrograms > MAX_EXTRA_PROGRAMS) {
    throw new ConfigError(`--programmes must be a whole number from 0 to ${MAX_EXTRA_PROGRAMS}`);
  }
  const config = loadConfig(process.env);
  const dataSource = await openDataSource(config, { runMigrations: true });
  try {
    const started = performance.now();
    const { created, logins } = await seedDemo(dataSource, config, { extraPrograms });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Demo content: created ${created.accounts} accounts, ${created.trainers} trainers, ` +
        `${created.programs} programmes with ${created.lessons} lessons, ` +
        `${created.extraPrograms} extra programmes (${seconds} s).\n\nDemo logins:\n`,
    );
    for (const login of logins) {
      process.stdout.write(`  ${login.role.padEnd(9)} ${login.email.padEnd(26)} ${login.password}\n`);
    }
    if (large) {
      const bulkStarted = performance.now();
      const result = await seedLarge(dataSource, { factor });
      const bulkSeconds = ((performance.now() - bulkStarted) / 1000).toFixed(1);
      if (result.skipped) {
        process.stdout.write(`\nLarge scale: already seeded (${largeEmail(1)} exists), nothing written.\n`);
      } else {
        const tables = Object.entries(result.rows).map(([table, count]) => `${table} ${count}`);
        process.stdout.write(
          `\nLarge scale, factor ${factor}: ${tables.join(', ')} (${bulkSeconds} s).\n` +
            `  accounts ${largeEmail(1)} … ${largeEmail(largeSizes(factor).users)}, the big trainer ` +
            `${LARGE_COACH_EMAIL}, the superuser ${LARGE_ADMIN_EMAIL}; password ${LARGE_PASSWORD}\n`,
        );
      }
    }
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
