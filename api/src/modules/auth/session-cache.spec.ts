import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { DataSource, EntitySchema } from 'typeorm';
import { TableWrites, type WriteListener } from '../../common/cache/table-writes.js';
import { loadConfig } from '../../common/config/app-config.js';
import { memoryTables, type MemoryRow } from '../../common/database/memory-tables.testing.js';
import type { UserEntity } from '../users/user.entity.js';
import { SessionCache } from './session-cache.js';

let dataSource: DataSource;
let User: EntitySchema<MemoryRow>;
let Token: EntitySchema<MemoryRow>;
let Program: EntitySchema<MemoryRow>;
let writes: TableWrites;
let sut: SessionCache;

beforeEach(async () => {
  ({
    dataSource,
    tables: { user: User, refresh_token: Token, program: Program },
  } = await memoryTables('user', 'refresh_token', 'program'));
});
afterEach(async () => {
  sut?.onApplicationShutdown();
  await writes?.onApplicationShutdown();
  await dataSource.destroy();
});

async function makeSut(authCacheMs = '60000') {
  const config = loadConfig({ AUTH_CACHE_MS: authCacheMs });
  writes = new TableWrites(config, dataSource, 'test');
  await writes.onModuleInit();
  sut = new SessionCache(config, writes);
  sut.onModuleInit();
  return sut;
}

function deafenable() {
  const listeners = new Set<WriteListener>();
  const stub = {
    hearsEveryWrite: true,
    watch(listener: WriteListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** As TableWrites does when its subscription is back. */
    reconnect() {
      for (const listener of listeners) listener(new Set(['*']));
      stub.hearsEveryWrite = true;
    },
  };
  return stub;
}

function makeSutOn(stub: ReturnType<typeof deafenable>) {
  sut = new SessionCache(loadConfig({ AUTH_CACHE_MS: '60000' }), stub as unknown as TableWrites);
  sut.onModuleInit();
  return sut;
}

function counter(userId = 1) {
  const check = async () => {
    check.runs += 1;
    return {
      id: userId,
      email: `user${userId}@example.com`,
      blocked: false,
      run: check.runs,
    } as unknown as UserEntity;
  };
  check.runs = 0;
  return check;
}

describe(SessionCache.name, () => {
  it('answers a second request of the same session from memory, without checking it again', async () => {
    await makeSut();
    const check = counter();
    const first = await sut.account(1, 'session-a', check);
    const second = await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(1);
    expect(second).toBe(first);
    expect(second).toMatchObject({ id: 1, run: 1 });
  });

  it('keeps sessions apart: another session of the user, or the same session id of another user, is checked', async () => {
    await makeSut();
    const check = counter();
    await sut.account(1, 'session-a', check);
    await sut.account(1, 'session-b', check);
    await sut.account(2, 'session-a', check);
    expect(check.runs).toBe(3);
    await sut.account(1, 'session-a', check);
    await sut.account(1, 'session-b', check);
    await sut.account(2, 'session-a', check);
    expect(check.runs).toBe(3);
  });

  it('forgets every session when the user table is written through TypeORM (a block, a profile change)', async () => {
    await makeSut();
    const check = counter();
    await sut.account(1, 'session-a', check);
    await sut.account(2, 'session-b', check);
    await dataSource.getRepository(User).update({ id: 1 }, { text: 'blocked' });
    expect(await sut.account(1, 'session-a', check)).toMatchObject({ run: 3 });
    expect(await sut.account(2, 'session-b', check)).toMatchObject({ run: 4 });
    await dataSource.getRepository(User).insert({ text: 'new account' });
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(5);
  });

  it('forgets every session when the refresh_token table is written through TypeORM (a logout, a login)', async () => {
    await makeSut();
    const check = counter();
    await sut.account(1, 'session-a', check);
    await dataSource.getRepository(Token).insert({ text: 'login' });
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(2);
    await dataSource.getRepository(Token).update({ text: 'login' }, { text: 'revoked' });
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(3);
    await dataSource.getRepository(Token).delete({ text: 'revoked' });
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(4);
  });

  it('forgets when a transaction writing the sessions commits, though it remembered inside it', async () => {
    await makeSut();
    const check = counter();
    await dataSource.transaction(async (manager) => {
      await manager.getRepository(Token).insert({ text: 'login' });
      // Another connection reads the rows of before the commit here: what it remembers must go at commit.
      await sut.account(1, 'session-a', check);
    });
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(2);
  });

  it('forgets when told that every table may have changed (a Redis subscription back after a loss)', async () => {
    const stub = deafenable();
    makeSutOn(stub);
    const check = counter();
    await sut.account(1, 'session-a', check);
    stub.reconnect();
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(2);
  });

  it('keeps its sessions across writes to tables that do not decide them', async () => {
    await makeSut();
    const check = counter();
    await sut.account(1, 'session-a', check);
    await dataSource.getRepository(Program).insert({ text: 'a programme' });
    await dataSource.getRepository(Program).update({ text: 'a programme' }, { text: 'renamed' });
    await dataSource.getRepository(Program).delete({ text: 'renamed' });
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(1);
  });

  it('does not keep an account whose check ran across a write to the sessions', async () => {
    await makeSut();
    const check = counter();
    const racing = await sut.account(1, 'session-a', async () => {
      const account = await check();
      // A logout lands after the check read the session as live, before its answer is kept.
      await dataSource.getRepository(Token).insert({ text: 'logout meanwhile' });
      return account;
    });
    expect(racing).toMatchObject({ run: 1 });
    expect(await sut.account(1, 'session-a', check)).toMatchObject({ run: 2 });
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(2);
  });

  it('does not let a write during one check spoil the next: a later check is kept', async () => {
    await makeSut();
    const check = counter();
    await sut.account(1, 'session-a', async () => {
      const account = await check();
      await dataSource.getRepository(User).insert({ text: 'meanwhile' });
      return account;
    });
    await sut.account(1, 'session-a', check);
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(2);
  });

  it('neither serves nor keeps anything while it may miss another instance’s writes', async () => {
    const stub = deafenable();
    makeSutOn(stub);
    const check = counter();
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(1);

    stub.hearsEveryWrite = false;
    // Remembered before, but a block on another instance could have gone unheard since.
    expect(await sut.account(1, 'session-a', check)).toMatchObject({ run: 2 });
    await sut.account(1, 'session-a', check);
    await sut.account(2, 'session-b', check);
    expect(check.runs).toBe(4);

    stub.reconnect();
    // Nothing checked while deaf was kept.
    await sut.account(2, 'session-b', check);
    expect(check.runs).toBe(5);
    await sut.account(2, 'session-b', check);
    expect(check.runs).toBe(5);
  });

  it('does not keep an account whose check ended after the instance stopped hearing every write', async () => {
    const stub = deafenable();
    makeSutOn(stub);
    const check = counter();
    await sut.account(1, 'session-a', async () => {
      const account = await check();
      stub.hearsEveryWrite = false;
      return account;
    });
    stub.hearsEveryWrite = true;
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(2);
  });

  it('checks every request when AUTH_CACHE_MS is 0', async () => {
    await makeSut('0');
    const check = counter();
    await sut.account(1, 'session-a', check);
    await sut.account(1, 'session-a', check);
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(3);
  });

  it('does not remember a refusal: the next request checks again, and may pass', async () => {
    await makeSut();
    const check = counter();
    let refuse = true;
    const flaky = async () => {
      const account = await check();
      if (refuse) throw new Error('session ended');
      return account;
    };
    await expect(sut.account(1, 'session-a', flaky)).rejects.toThrow('session ended');
    await expect(sut.account(1, 'session-a', flaky)).rejects.toThrow('session ended');
    expect(check.runs).toBe(2);
    refuse = false;
    expect(await sut.account(1, 'session-a', flaky)).toMatchObject({ run: 3 });
    expect(await sut.account(1, 'session-a', flaky)).toMatchObject({ run: 3 });
    expect(check.runs).toBe(3);
  });

  it('hands out a frozen account, which the requests that share it cannot change', async () => {
    await makeSut();
    const account = await sut.account(1, 'session-a', counter());
    expect(Object.isFrozen(account)).toBe(true);
    expect(() => {
      (account as { blocked: boolean }).blocked = true;
    }).toThrow(TypeError);
    expect(Object.isFrozen(await sut.account(1, 'session-a', counter()))).toBe(true);
  });

  it('forgets a session after AUTH_CACHE_MS', async () => {
    await makeSut('50');
    const check = counter();
    await sut.account(1, 'session-a', check);
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(1);
    // lru-cache reads performance.now(), so fake timers would not move it.
    await new Promise((resolve) => setTimeout(resolve, 80));
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(2);
  });

  it('stops listening to writes at shutdown', async () => {
    await makeSut();
    const check = counter();
    await sut.account(1, 'session-a', check);
    sut.onApplicationShutdown();
    await dataSource.getRepository(Token).insert({ text: 'after' });
    await sut.account(1, 'session-a', check);
    expect(check.runs).toBe(1);
  });
});
