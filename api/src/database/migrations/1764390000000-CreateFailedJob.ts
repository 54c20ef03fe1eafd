import { CreateTablesMigration, entityTable } from './columns.js';

/**
 * The dead letters (docs/decisions/035-dead-letters-and-bounded-waits.md): a row per job that failed its last
 * attempt, whichever runner ran it, with the payload it needs to run again. Read newest first along the primary key;
 * `retried_at` is set once a superuser queued it again, and its payload is then emptied.
 */
export class CreateFailedJob1764390000000 extends CreateTablesMigration {
  name = 'CreateFailedJob1764390000000';

  protected readonly tables = [
    entityTable('failed_job', [
      { name: 'queue', type: 'varchar', length: '20' },
      { name: 'job_name', type: 'varchar', length: '60' },
      { name: 'job_id', type: 'varchar', length: '191' },
      { name: 'runner', type: 'varchar', length: '20' },
      { name: 'payload', type: 'text' },
      { name: 'request_id', type: 'varchar', length: '100', isNullable: true },
      { name: 'attempts', type: 'integer' },
      { name: 'last_error', type: 'text' },
      { name: 'retried_at', type: 'datetime', precision: 3, isNullable: true },
    ]),
  ];
}
