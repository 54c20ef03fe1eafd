import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ConfigError } from '../../api/src/common/config/app-config.js';
import { backupDatabase, MYSQL_BACKUP_HINT, restoreDatabase } from '../../api/src/common/database/backup.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { createTestApp } from '../fixtures/app.js';
import { createUser } from '../fixtures/users.js';

/*
 * npm run db:backup / db:restore (api/src/cli/backup.ts): an online backup of the embedded SQLite database, taken
 * while the server writes, restored with the server stopped. On MySQL/MariaDB they point to mysqldump instead.
 */

const work = mkdtempSync(join(tmpdir(), 'fitcoach-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const emails = async (dataSource: DataSource) =>
  (await dataSource.getRepository(UserEntity).find()).map((user) => user.email);

// The embedded database whatever the run's DATABASE_URL: the round trip is SQLite's (an empty value counts as unset).
const EMBEDDED = { DATABASE_URL: '', REDIS_URL: '' };

describe('backup and restore of the embedded database', () => {
  it('restores what the online backup held: rows written after it are gone, the replaced file is kept', async () => {
    const dataDir = join(work, 'data');
    const t = await createTestApp({ env: { ...EMBEDDED, DATA_DIR: dataDir } });
    const file = join(work, 'backups', 'fitcoach-backup.sqlite');
    let closed = false;
    try {
      const before = await createUser(t);
      // Online: the server keeps writing while the backup is taken.
      const [pages] = await Promise.all([backupDatabase(t.config, file), createUser(t)]);
      expect(pages).toBeGreaterThan(0);
      const after = await createUser(t);
      await expect(backupDatabase(t.config, file)).rejects.toThrow(/never overwrites/);
      await t.close();
      closed = true;

      const kept = restoreDatabase(t.config, file, new Date('2026-11-25T12:00:00Z'));
      expect(kept).toBe(join(dataDir, 'fitcoach.sqlite.before-restore-2026-11-25T12-00-00-000Z'));
      expect(existsSync(kept ?? '')).toBe(true);
      expect(readdirSync(dataDir).filter((name) => name.endsWith('-wal'))).toEqual([]);

      const restored = await createTestApp({ env: { ...EMBEDDED, DATA_DIR: dataDir } });
      try {
        const found = await emails(restored.app.get(DataSource));
        expect(found).toContain(before.email);
        expect(found).not.toContain(after.email);
      } finally {
        await restored.close();
      }
    } finally {
      if (!closed) await t.close();
    }
  });

  it('refuses a file that is not a FitCoach database, or none', () => {
    const config = { dataDir: join(work, 'other'), databaseUrl: undefined };
    const notSqlite = join(work, 'not-a-database.sqlite');
    writeFileSync(notSqlite, 'hello');
    expect(() => restoreDatabase(config, notSqlite)).toThrow(ConfigError);
    expect(() => restoreDatabase(config, join(work, 'missing.sqlite'))).toThrow(/No backup at/);
  });
});

describe('backup on MySQL/MariaDB', () => {
  it('refuses, naming mysqldump', async () => {
    const config = { dataDir: join(work, 'mysql'), databaseUrl: 'mysql://fit@db:3306/fitcoach' };
    await expect(backupDatabase(config, join(work, 'x.sqlite'))).rejects.toThrow(MYSQL_BACKUP_HINT);
    expect(() => restoreDatabase(config, join(work, 'x.sqlite'))).toThrow(MYSQL_BACKUP_HINT);
  });
});
