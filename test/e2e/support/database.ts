import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';

/*
 * One statement run on the browser server's own database, for the states no API makes on demand (a job that
 * failed, a subscription started days ago): SQLite in E2E_DATA_DIR, or DATABASE_URL's when the suite runs on
 * MariaDB. Answers the id an INSERT made.
 */
export async function execute(sql: string, values: (string | number)[]): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const connection = await createConnection(url);
    try {
      const [result] = await connection.execute(sql, values);
      return (result as { insertId: number }).insertId;
    } finally {
      await connection.end();
    }
  }
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  const db = new Database(join(dataDir, 'fitcoach.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return Number(db.prepare(sql).run(...values).lastInsertRowid);
  } finally {
    db.close();
  }
}

/** An instant as both databases store a datetime column (UTC, `YYYY-MM-DD HH:MM:SS.sss`). */
export const datetime = (instant: Date) => instant.toISOString().replace('T', ' ').replace('Z', '');
