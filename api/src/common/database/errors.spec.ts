import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { isDeadlock, retryingDeadlocks } from './errors.js';

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
