import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { boundPoolWaits, isPoolExhausted, PoolWaitTimeoutError } from './pool.js';

type Callback = (error: Error | null, connection?: { release(): void }) => void;

function fullPool() {
  const queue: Callback[] = [];
  const pool = { getConnection: (callback: Callback) => queue.push(callback) };
  const dataSource = { driver: { pool } } as unknown as DataSource;
  return {
    pool,
    dataSource,
    freeOne: (connection: { release(): void }) => queue.shift()?.(null, connection),
  };
}

function boundedFullPool() {
  const { pool, dataSource, freeOne } = fullPool();
  boundPoolWaits(dataSource, 100);
  const answers: unknown[] = [];
  pool.getConnection((error, connection) => answers.push(error ?? connection));
  return { answers, freeOne };
}

describe(boundPoolWaits.name, () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('ends a wait past its bound with PoolWaitTimeoutError, and hands back the connection that comes later', () => {
    const { answers, freeOne } = boundedFullPool();
    jest.advanceTimersByTime(99);
    expect(answers).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(answers).toEqual([expect.any(PoolWaitTimeoutError)]);

    const late = { release: jest.fn() };
    freeOne(late);
    expect(late.release).toHaveBeenCalledTimes(1);
    expect(answers).toHaveLength(1);
  });

  it('hands over a connection that comes in time, and no timeout after it', () => {
    const { answers, freeOne } = boundedFullPool();
    const connection = { release: jest.fn() };
    freeOne(connection);
    jest.advanceTimersByTime(1000);
    expect(answers).toEqual([connection]);
    expect(connection.release).not.toHaveBeenCalled();
  });
});

describe(isPoolExhausted.name, () => {
  it("knows the wait's timeout and mysql2's full queue, and nothing else", () => {
    expect(isPoolExhausted(new PoolWaitTimeoutError(5))).toBe(true);
    expect(isPoolExhausted(new Error('Queue limit reached.'))).toBe(true);
    expect(isPoolExhausted(new Error('Duplicate entry'))).toBe(false);
    expect(isPoolExhausted('Queue limit reached.')).toBe(false);
  });
});
