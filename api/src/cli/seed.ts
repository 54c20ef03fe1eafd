import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../common/config/app-config.js';
import { openDataSource } from '../common/database/data-source-options.js';
import { seedDemo } from '../database/seeds/demo.js';

/** Enough for any load test, few enough that a typo (an extra zero or three) does not fill the disk. */
const MAX_EXTRA_PROGRAMS = 100_000;

/**
 * `npm run seed [-- --programmes N]`: creates the demo accounts, trainers, programmes and lessons where they are
 * missing (running it again changes nothing), plus N extra published programmes for load tests.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { programmes: { type: 'string', default: '0' } } });
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
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
