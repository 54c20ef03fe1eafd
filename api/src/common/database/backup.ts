import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { type AppConfig, ConfigError } from '../config/app-config.js';

type BackupConfig = Pick<AppConfig, 'databaseUrl' | 'dataDir'>;

export const MYSQL_BACKUP_HINT =
  'On MySQL/MariaDB, back up with mysqldump (or mariadb-dump) and restore with mysql: see docs/operations.md, "Operating it"';

export function sqliteFile(config: BackupConfig): string {
  return join(config.dataDir, 'fitcoach.sqlite');
}

function refuseMysql(config: BackupConfig, what: string): void {
  if (config.databaseUrl)
    throw new ConfigError(`${what} covers the embedded SQLite database only. ${MYSQL_BACKUP_HINT}`);
}

/** SQLite's online backup: consistent even while the server writes. Returns the pages copied. */
export async function backupDatabase(config: BackupConfig, target: string): Promise<number> {
  refuseMysql(config, 'db:backup');
  const source = sqliteFile(config);
  if (!existsSync(source)) throw new ConfigError(`No database to back up at ${source}`);
  const destination = resolve(target);
  if (existsSync(destination))
    throw new ConfigError(`${destination} exists: the backup never overwrites a file`);
  mkdirSync(dirname(destination), { recursive: true });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await db.backup(destination);
    return totalPages;
  } finally {
    db.close();
  }
}

/**
 * With the server stopped; keeps the current database aside and removes its WAL files so that nothing of it is
 * replayed. Returns the path of the kept database, if there was one.
 */
export function restoreDatabase(config: BackupConfig, backup: string, now = new Date()): string | null {
  refuseMysql(config, 'db:restore');
  const source = resolve(backup);
  if (!existsSync(source)) throw new ConfigError(`No backup at ${source}`);
  const check = new Database(source, { readonly: true, fileMustExist: true });
  try {
    const integrity = check.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new ConfigError(`${source} is damaged: ${String(integrity)}`);
    const migrations = check
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'migration'")
      .get() as { n: number };
    if (migrations.n !== 1)
      throw new ConfigError(`${source} is not a FitCoach database (no migration table)`);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`${source} is not an SQLite database: ${(error as Error).message}`);
  } finally {
    check.close();
  }
  const live = sqliteFile(config);
  mkdirSync(config.dataDir, { recursive: true });
  let kept: string | null = null;
  if (existsSync(live)) {
    kept = `${live}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(live, kept);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${live}${suffix}`, { force: true });
  const staged = `${live}.restoring`;
  copyFileSync(source, staged);
  renameSync(staged, live);
  return kept;
}
