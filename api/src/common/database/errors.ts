import { CannotExecuteNotConnectedError, ConnectionIsNotSetError, QueryFailedError } from 'typeorm';

/** A write refused by a unique index, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: string } | undefined)?.code;
  return (
    code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** A transaction InnoDB ended to break a deadlock: running it again is safe and is what MySQL advises. */
export function isDeadlock(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  return (error.driverError as { code?: string } | undefined)?.code === 'ER_LOCK_DEADLOCK';
}

/** Runs a transaction's `work`, again when the database ended it in a deadlock (at most `attempts` times). */
export async function retryingDeadlocks<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= attempts) throw error;
    }
  }
}

/** Server answers that mean the database is going away or full, not that the statement was wrong. */
const UNAVAILABLE_CODES = new Set([
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_CONNECTION_KILLED',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'SQLITE_BUSY',
]);

/**
 * A failure to reach the database rather than of the statement: the connection is closed or refused, lost or
 * timed out (mysql2 marks those `fatal`), the server is shutting down or full, or TypeORM has no connection.
 * The request may succeed once the database is back, so it answers 503 (api/src/common/errors).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (error instanceof CannotExecuteNotConnectedError || error instanceof ConnectionIsNotSetError)
    return true;
  const cause = error instanceof QueryFailedError ? error.driverError : error;
  if (typeof cause !== 'object' || cause === null) return false;
  const { fatal, code } = cause as { fatal?: unknown; code?: unknown };
  return fatal === true || (typeof code === 'string' && UNAVAILABLE_CODES.has(code));
}
