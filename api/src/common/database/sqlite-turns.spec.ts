import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import Database from 'better-sqlite3';
import type { DataSource, EntitySubscriberInterface, InsertEvent, Repository } from 'typeorm';
import { loadConfig } from '../config/app-config.js';
import { type Account, userEntityOf } from './user-table.spec-helper.js';
import { openDataSource } from './data-source-options.js';
import { takeTurnsOnTheConnection } from './sqlite-turns.js';

let dataDir: string;
let dataSource: DataSource;

let User: new () => Account;
let users: Repository<Account>;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fitcoach-turns-unit-'));
  dataSource = await openDataSource(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), {
    runMigrations: true,
  });
  User = userEntityOf(dataSource);
  users = dataSource.getRepository(User);
});
afterEach(async () => {
  jest.restoreAllMocks();
  await dataSource.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const account = (name: string) => ({
  firstName: name,
  lastName: 'Turn',
  email: `${name}@example.test`,
  passwordHash: 'x',
});

const rawInsert = (name: string) =>
  dataSource.query(
    'INSERT INTO user (first_name, last_name, email, password_hash, created_at, updated_at) ' +
      "VALUES (?, 'Turn', ?, 'x', datetime('now'), datetime('now'))",
    [name, `${name}@example.test`],
  );

const stored = async () => (await users.find({ order: { firstName: 'ASC' } })).map((user) => user.firstName);

/** better-sqlite3 answers synchronously, so one turn lets every flow run to its end. */
const turnOfTheLoop = () => new Promise((resolve) => setImmediate(resolve));

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

function failInsertOf(name: string, opened: Promise<void>): void {
  const subscriber: EntitySubscriberInterface<Account> = {
    listenTo: () => User,
    beforeInsert: (event: InsertEvent<Account>) =>
      event.entity.firstName === name ? opened.then(() => Promise.reject(new Error('refused'))) : undefined,
  };
  dataSource.subscribers.push(subscriber);
}

describe(takeTurnsOnTheConnection.name, () => {
  it('keeps a save from another flow out of a transaction that awaits between statements', async () => {
    const { opened, open } = gate();
    const transaction = dataSource.transaction(async (manager) => {
      await manager.insert(User, account('ann'));
      await opened;
      await manager.insert(User, account('bob'));
      throw new Error('changed its mind');
    });
    await turnOfTheLoop();
    const save = users.save(users.create(account('cat')));
    const raw = rawInsert('dan');
    await turnOfTheLoop();
    open();
    await expect(transaction).rejects.toThrow('changed its mind');
    await expect(save).resolves.toMatchObject({ firstName: 'cat' });
    await raw;
    expect(await stored()).toEqual(['cat', 'dan']);
  });

  it('begins a transaction only after a save under way in another flow, so that its failure undoes only itself', async () => {
    const { opened, open } = gate();
    failInsertOf('cat', opened);
    const save = users.save(users.create(account('cat')));
    await turnOfTheLoop();
    const transaction = dataSource.transaction(async (manager) => {
      await manager.insert(User, account('ann'));
    });
    await turnOfTheLoop();
    open();
    await expect(save).rejects.toThrow('refused');
    await transaction;
    expect(await stored()).toEqual(['ann']);
  });

  it("makes a QueryRunner's own transaction wait its turn and keep others out of it", async () => {
    const { opened, open } = gate();
    const runner = dataSource.createQueryRunner();
    const direct = (async () => {
      await runner.connect();
      await runner.startTransaction();
      await runner.manager.insert(User, account('ann'));
      await opened;
      await runner.rollbackTransaction();
    })();
    await turnOfTheLoop();
    const transaction = dataSource.transaction((manager) => manager.insert(User, account('bob')));
    const save = users.save(users.create(account('cat')));
    await turnOfTheLoop();
    open();
    await expect(Promise.all([direct, transaction, save])).resolves.toBeDefined();
    expect(await stored()).toEqual(['bob', 'cat']);
  });

  it("runs the transaction's own work inside it, through any repository, and a nested one as a savepoint", async () => {
    const failed = dataSource.transaction(async (manager) => {
      await manager.insert(User, account('ann'));
      await users.save(users.create(account('bob')));
      await dataSource.query('SELECT 1');
      throw new Error('undone');
    });
    await expect(failed).rejects.toThrow('undone');
    await dataSource.transaction(async (manager) => {
      await manager.insert(User, account('cat'));
      await expect(
        manager.transaction(async (inner) => {
          await inner.insert(User, account('dan'));
          throw new Error('inner undone');
        }),
      ).rejects.toThrow('inner undone');
    });
    expect(await stored()).toEqual(['cat']);
  });

  it('runs a transaction that another one set off without awaiting it after that one, not inside it', async () => {
    let detached: Promise<number> | undefined;
    const failed = dataSource.transaction(async (manager) => {
      await manager.insert(User, account('ann'));
      detached = dataSource.transaction((other) => other.count(User));
      await turnOfTheLoop();
      throw new Error('undone');
    });
    await expect(failed).rejects.toThrow('undone');
    expect(await detached).toBe(0);
  });

  it('gives the connection back when BEGIN fails, rolled back or not', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await dataSource.query('PRAGMA busy_timeout = 0');
    const other = new Database(join(dataDir, 'fitcoach.sqlite'));
    try {
      other.exec('BEGIN IMMEDIATE');
      await expect(dataSource.transaction((manager) => manager.insert(User, account('ann')))).rejects.toThrow(
        'database is locked',
      );
      // A QueryRunner used directly, in a flow of its own, whose caller does not roll back after the failure.
      await (async () => {
        await null;
        await expect(dataSource.createQueryRunner().startTransaction()).rejects.toThrow('database is locked');
      })();
      other.exec('COMMIT');
    } finally {
      other.close();
    }
    await users.save(users.create(account('bob')));
    await dataSource.transaction((manager) => manager.insert(User, account('cat')));
    expect(await stored()).toEqual(['bob', 'cat']);
  });
});
