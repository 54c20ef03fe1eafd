import 'reflect-metadata';
import { ConfigError, loadConfig } from '../common/config/app-config.js';
import { openDataSource } from '../common/database/data-source-options.js';

/** `npm run db:migrate [-- --revert]`: the app's own data source, so CLI and server never disagree. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const dataSource = await openDataSource(config, { runMigrations: false });
  try {
    if (process.argv.includes('--revert')) {
      await dataSource.undoLastMigration({ transaction: 'each' });
      process.stdout.write('Reverted the last migration.\n');
    } else {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      process.stdout.write(
        applied.length === 0
          ? 'The database is up to date.\n'
          : `Applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}\n`,
      );
    }
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Migration failed: ${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
});
