import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';
import { analyzeTables } from '../../common/database/statistics.js';

const INDEX = new TableIndex({
  name: 'idx_payment_user_id_created_at',
  columnNames: ['user_id', 'created_at', 'id'],
});

/**
 * A member's payment history, newest first: a range of this index read backwards, with no sort of the member's
 * payments (test/api/query-plans.e2e-spec.ts). The table is analyzed so that SQLite plans with the new index.
 */
export class IndexPaymentHistory1764720000000 implements MigrationInterface {
  name = 'IndexPaymentHistory1764720000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('payment', INDEX);
    await analyzeTables(queryRunner, ['payment']);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('payment', INDEX.name ?? '');
    await analyzeTables(queryRunner, ['payment']);
  }
}
