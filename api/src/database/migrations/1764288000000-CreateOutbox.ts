import { CreateTablesMigration, entityTable, index } from './columns.js';

/**
 * The jobs outbox (docs/decisions/031-jobs-outbox.md): a job that must not be lost is a row written in the
 * transaction of the change that caused it, and the relay hands it to the queue or runs it. `dedupe_key` is unique
 * where the job has a natural key (a replay adds nothing); MySQL and SQLite both allow many NULLs in it. The relay
 * reads the rows not yet dispatched in id order, and forgets dispatched ones after a week:
 * `idx_outbox_dispatched_at_id`. Times to the millisecond, so a backoff of a few milliseconds is kept on MySQL too.
 */
export class CreateOutbox1764288000000 extends CreateTablesMigration {
  name = 'CreateOutbox1764288000000';

  protected readonly tables = [
    entityTable(
      'outbox',
      [
        { name: 'queue', type: 'varchar', length: '20' },
        { name: 'job_name', type: 'varchar', length: '60' },
        { name: 'payload', type: 'text' },
        { name: 'dedupe_key', type: 'varchar', length: '191', isNullable: true },
        { name: 'request_id', type: 'varchar', length: '100', isNullable: true },
        { name: 'runner', type: 'varchar', length: '20', isNullable: true },
        { name: 'attempts', type: 'integer', default: 0 },
        { name: 'claimed_until', type: 'datetime', precision: 3, isNullable: true },
        { name: 'dispatched_at', type: 'datetime', precision: 3, isNullable: true },
        { name: 'last_error', type: 'text', isNullable: true },
      ],
      {
        indices: [
          index('uq_outbox_dedupe_key', ['dedupe_key'], { unique: true }),
          index('idx_outbox_dispatched_at_id', ['dispatched_at', 'id']),
        ],
      },
    ),
  ];
}
