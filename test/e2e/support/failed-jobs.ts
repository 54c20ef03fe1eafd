import type { ProgramRejectedJob } from '@fitcoach/contracts';
import { execute } from './database.js';

/*
 * A job that failed its last attempt (docs/decisions/035-dead-letters-and-bounded-waits.md), written into the
 * server's own database as the job recorder writes it: the browser server has no job that fails on demand.
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
  return execute(INSERT, [...values, lastError]);
}
