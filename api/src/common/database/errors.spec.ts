import { type AddressInfo, createServer } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { DataSource, QueryFailedError } from 'typeorm';
import { isDatabaseUnreachable, isDeadlock, retryingDeadlocks } from './errors.js';

const failure = (code: string) =>
  new QueryFailedError('UPDATE user', [], Object.assign(new Error(code), { code }));

describe(retryingDeadlocks.name, () => {
  it('runs the work again after a deadlock, and answers as the attempt that went through', async () => {
    let attempts = 0;
    const answer = await retryingDeadlocks(async () => {
      attempts += 1;
      if (attempts < 3) throw failure('ER_LOCK_DEADLOCK');
      return 'done';
    });
    expect([answer, attempts]).toEqual(['done', 3]);
  });

  it('gives up after the last attempt, and never retries another failure', async () => {
    let attempts = 0;
    const deadlocked = retryingDeadlocks(async () => {
      attempts += 1;
      throw failure('ER_LOCK_DEADLOCK');
    }, 2);
    expect(isDeadlock(await deadlocked.catch((error: unknown) => error))).toBe(true);
    expect(attempts).toBe(2);

    attempts = 0;
    const duplicate = retryingDeadlocks(async () => {
      attempts += 1;
      throw failure('ER_DUP_ENTRY');
    });
    await expect(duplicate).rejects.toBeInstanceOf(QueryFailedError);
    expect(attempts).toBe(1);
  });
});

describe(isDatabaseUnreachable.name, () => {
  it('recognises a database that is gone, refusing, shutting down or full', () => {
    for (const code of [
      'ECONNREFUSED',
      'PROTOCOL_CONNECTION_LOST',
      'ER_SERVER_SHUTDOWN',
      'ER_CON_COUNT_ERROR',
    ]) {
      expect(isDatabaseUnreachable(failure(code))).toBe(true);
    }
    const lost = Object.assign(new Error('Connection lost: The server closed the connection.'), {
      fatal: true,
    });
    expect(isDatabaseUnreachable(lost)).toBe(true);
    expect(isDatabaseUnreachable(new QueryFailedError('SELECT 1', [], lost))).toBe(true);
  });

  it('leaves a statement the database refused, and anything else, to be a fault', () => {
    for (const code of ['ER_DUP_ENTRY', 'ER_PARSE_ERROR', 'SQLITE_CONSTRAINT_UNIQUE', 'ER_LOCK_DEADLOCK']) {
      expect(isDatabaseUnreachable(failure(code))).toBe(false);
    }
    expect(isDatabaseUnreachable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });

  it('recognises what mysql2 throws when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const dataSource = new DataSource({ type: 'mysql', host: '127.0.0.1', port, username: 'nobody' });
    const error = await dataSource.initialize().then(
      () => new Error('connected'),
      (refused: unknown) => refused,
    );
    expect(isDatabaseUnreachable(error)).toBe(true);
  });
});
