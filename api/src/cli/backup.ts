import 'reflect-metadata';
import { ConfigError, loadConfig } from '../common/config/app-config.js';
import { backupDatabase, restoreDatabase } from '../common/database/backup.js';

/**
 * `npm run db:backup -- <file>`: an online copy of the embedded SQLite database (safe while the server runs).
 * `npm run db:restore -- <file>`: puts a backup in place, with the server stopped; the replaced database is kept.
 * On MySQL/MariaDB both say to use mysqldump and mysql (docs/operations.md, "Operating it").
 */
async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new ConfigError('Usage: backup.js backup <file> | backup.js restore <file>');
  }
  const config = loadConfig(process.env);
  if (command === 'backup') {
    const pages = await backupDatabase(config, file);
    process.stdout.write(`Backed up the database to ${file} (${pages} pages).\n`);
  } else {
    const kept = restoreDatabase(config, file);
    process.stdout.write(
      `Restored the database from ${file}.${kept ? ` The one it replaced is kept as ${kept}.` : ''}\n` +
        'Start the server: it applies any migration newer than the backup.\n',
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
