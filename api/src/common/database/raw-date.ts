/**
 * A datetime column of a raw row: MySQL's driver gives a Date (the connection's time zone is UTC), SQLite the UTC
 * text TypeORM stored (`2026-11-23 18:45:00.000`).
 */
export function rawDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`);
}
