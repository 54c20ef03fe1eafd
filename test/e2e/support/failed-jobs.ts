import { join } from 'node:path';
import type { ProgramRejectedJob } from '@fitcoach/contracts';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';

/*
 * A job that failed its last attempt (docs/decisions/035-dead-letters-and-bounded-waits.md), written into the
 * server's own database as the job recorder writes it: the browser server has no job that fails on demand. The
 * server's database is SQLite in E2E_DATA_DIR, or DATABASE_URL's when the suite runs on MariaDB.
 */

const INSERT =
  'INSERT INTO failed_job (queue, job_name, job_id, runner, payload, request_id, attempts, last_error) ' +
  'VALUES (?, ?, ?, ?, ?, NULL, ?, ?)';

/** A programme-rejected mail that failed five times; its id. */
export async function seedFailedMail(payload: ProgramRejectedJob, lastError: string): Promise<number> {
  const values = [
    'mail',
    'mail.program-rejected',
    `e2e-${Date.now()}`,
    'in-process',
    JSON.stringify(payload),
    5,
  ];
  const url = process.env.DATABASE_URL;
  if (url) {
    const connection = await createConnection(url);
    try {
      const [result] = await connection.execute(INSERT, [...values, lastError]);
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
    return Number(db.prepare(INSERT).run(...values, lastError).lastInsertRowid);
  } finally {
    db.close();
  }
}
