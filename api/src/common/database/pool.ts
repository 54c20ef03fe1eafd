import type { Pool, PoolConnection } from 'mysql2';
import type { DataSource } from 'typeorm';
import { QueryFailedError } from 'typeorm';
import type { MysqlDriver } from 'typeorm/driver/mysql/MysqlDriver.js';
import type { DatabasePoolConfig } from '../config/app-config.js';

/** mysql2's refusal has no code, only this message. */
const QUEUE_LIMIT_MESSAGE = 'Queue limit reached.';

export class PoolWaitTimeoutError extends Error {
  constructor(waitMs: number) {
    super(`No database connection came free within ${waitMs} ms (DATABASE_POOL_WAIT_MS)`);
  }
}

export function poolOptions(pool: DatabasePoolConfig): { connectionLimit: number; queueLimit: number } {
  return { connectionLimit: pool.size, queueLimit: pool.queueLimit };
}

/**
 * mysql2 bounds how many wait but not how long, so slow queries would hold every request (ADR 035). The
 * request stays queued until a connection comes free, which is then handed straight back.
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

export function isPoolExhausted(error: unknown): boolean {
  const cause = error instanceof QueryFailedError ? error.driverError : error;
  return (
    cause instanceof PoolWaitTimeoutError || (cause instanceof Error && cause.message === QUEUE_LIMIT_MESSAGE)
  );
}
