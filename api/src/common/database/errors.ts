import { CannotExecuteNotConnectedError, ConnectionIsNotSetError, QueryFailedError } from 'typeorm';

export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: string } | undefined)?.code;
  return (
    code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** Running it again is safe and is what MySQL advises. */
export function isDeadlock(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  return (error.driverError as { code?: string } | undefined)?.code === 'ER_LOCK_DEADLOCK';
}

export async function retryingDeadlocks<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= attempts) throw error;
    }
  }
}

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

/** Not the statement's fault: the request may succeed once the database is back, so it answers 503. */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (error instanceof CannotExecuteNotConnectedError || error instanceof ConnectionIsNotSetError)
    return true;
  const cause = error instanceof QueryFailedError ? error.driverError : error;
  if (typeof cause !== 'object' || cause === null) return false;
  const { fatal, code } = cause as { fatal?: unknown; code?: unknown };
  return fatal === true || (typeof code === 'string' && UNAVAILABLE_CODES.has(code));
}
