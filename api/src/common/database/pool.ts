import type { Pool, PoolConnection } from 'mysql2';
import type { DataSource } from 'typeorm';
import { QueryFailedError } from 'typeorm';
import type { MysqlDriver } from 'typeorm/driver/mysql/MysqlDriver.js';
import type { DatabasePoolConfig } from '../config/app-config.js';

/*
 * A bounded MySQL/MariaDB pool (docs/decisions/035-dead-letters-and-bounded-waits.md). mysql2's pool has
 * `connectionLimit` and `queueLimit` (a request past the queue's length is refused at once with "Queue limit
 * reached.", an error without a code), but no bound on how long a queued request waits: a pool held by slow queries
 * would hold every other request with it. `boundPoolWaits` adds that bound.
 */

/** mysql2's refusal when `queueLimit` requests already wait (node_modules/mysql2/lib/base/pool.js). */
const QUEUE_LIMIT_MESSAGE = 'Queue limit reached.';

/** No connection of the pool came free within DATABASE_POOL_WAIT_MS. */
export class PoolWaitTimeoutError extends Error {
  constructor(waitMs: number) {
    super(`No database connection came free within ${waitMs} ms (DATABASE_POOL_WAIT_MS)`);
  }
}

/** mysql2's pool options for DATABASE_POOL_SIZE and DATABASE_POOL_QUEUE_LIMIT. */
export function poolOptions(pool: DatabasePoolConfig): { connectionLimit: number; queueLimit: number } {
  return { connectionLimit: pool.size, queueLimit: pool.queueLimit };
}

/**
 * Makes every wait for a connection end after `waitMs` with PoolWaitTimeoutError. The request stays in mysql2's
 * queue until a connection comes free, which is then handed straight back.
 */
export function boundPoolWaits(dataSource: DataSource, waitMs: number): void {
  const pool = (dataSource.driver as MysqlDriver).pool as Pool;
  const getConnection = pool.getConnection.bind(pool);
  pool.getConnection = (
    callback: (error: NodeJS.ErrnoException | null, connection: PoolConnection) => void,
  ) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      callback(new PoolWaitTimeoutError(waitMs), undefined as unknown as PoolConnection);
    }, waitMs);
    getConnection((error, connection) => {
      if (late) {
        connection?.release();
        return;
      }
      clearTimeout(timer);
      callback(error, connection);
    });
  };
}

/** The pool had no connection for the request: too many waited already, or none came free in time. */
export function isPoolExhausted(error: unknown): boolean {
  const cause = error instanceof QueryFailedError ? error.driverError : error;
  return (
    cause instanceof PoolWaitTimeoutError || (cause instanceof Error && cause.message === QUEUE_LIMIT_MESSAGE)
  );
}
