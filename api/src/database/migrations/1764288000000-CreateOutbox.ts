import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { createdAt, idColumn, updatedAt } from './columns.js';

/**
 * The jobs outbox (docs/decisions/031-jobs-outbox.md): a job that must not be lost is a row written in the
 * transaction of the change that caused it, and the relay hands it to the queue or runs it. `dedupe_key` is unique
 * where the job has a natural key (a replay adds nothing); MySQL and SQLite both allow many NULLs in it. The relay
 * reads the rows not yet dispatched in id order, and forgets dispatched ones after a week:
 * `idx_outbox_dispatched_at_id`. Times to the millisecond, so a backoff of a few milliseconds is kept on MySQL too.
 */
export class CreateOutbox1764288000000 implements MigrationInterface {
  name = 'CreateOutbox1764288000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'outbox',
        columns: [
          idColumn(),
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
          createdAt(),
          updatedAt(),
        ],
        indices: [
          new TableIndex({ name: 'uq_outbox_dedupe_key', columnNames: ['dedupe_key'], isUnique: true }),
          new TableIndex({ name: 'idx_outbox_dispatched_at_id', columnNames: ['dispatched_at', 'id'] }),
        ],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('outbox');
  }
}
