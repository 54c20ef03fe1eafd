import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config.js';
import { type Account, userEntityOf } from './user-table.spec-helper.js';
import { openDataSource } from './data-source-options.js';

let dataDir: string;
let dataSource: DataSource;

let User: new () => Account;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fitcoach-db-unit-'));
  dataSource = await openDataSource(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), {
    runMigrations: true,
  });
  User = userEntityOf(dataSource);
});
afterEach(async () => {
  await dataSource.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

function otherProcess() {
  return new Database(join(dataDir, 'fitcoach.sqlite'), { timeout: 0 });
}

describe(openDataSource.name, () => {
  it("takes SQLite's write lock when a transaction begins, so no other writer slips in before its writes", async () => {
    const other = otherProcess();
    try {
      await dataSource.transaction(async (manager) => {
        await manager.count(User);
        expect(() => other.prepare("UPDATE user SET first_name = 'x' WHERE 0").run()).toThrow(
          'database is locked',
        );
      });
      expect(other.prepare("UPDATE user SET first_name = 'x' WHERE 0").run().changes).toBe(0);
    } finally {
      other.close();
    }
  });

  it('binds whole-number parameters instead of writing them into the SQL, so one statement serves every id', async () => {
    const users = dataSource.getRepository(User);
    const saved = await users.save(
      users.create({ firstName: 'Ada', lastName: 'Byron', email: 'ada@example.test', passwordHash: 'x' }),
    );
    const query = (id: number) => users.createQueryBuilder('user').where('user.id = :id', { id });
    const [sql, parameters] = query(saved.id).getQueryAndParameters();
    expect(sql).toBe(query(saved.id + 1).getQueryAndParameters()[0]);
    expect(sql).not.toContain(String(saved.id));
    expect(parameters).toEqual([BigInt(saved.id)]);
    expect((await query(saved.id).getOneOrFail()).email).toBe('ada@example.test');
    expect(await query(saved.id + 1).getOne()).toBeNull();
  });
});
