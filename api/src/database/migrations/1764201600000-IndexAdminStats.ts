import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

const INDEXES: [table: string, index: TableIndex][] = [
  // Members are counted from an index of the superuser flag, not from each account row.
  ['user', new TableIndex({ name: 'idx_user_is_superuser', columnNames: ['is_superuser'] })],
  // Revenue per currency: summed from the index alone (status, then currency and amount).
  [
    'payment',
    new TableIndex({
      name: 'idx_payment_status_currency_amount',
      columnNames: ['status', 'currency', 'amount_minor'],
    }),
  ],
  // Revenue per day: the completed payments of the last 30 days, a range of this index, read from it alone.
  [
    'payment',
    new TableIndex({
      name: 'idx_payment_status_completed_at',
      columnNames: ['status', 'completed_at', 'currency', 'amount_minor'],
    }),
  ],
  // Active subscriptions, counted and grouped per programme (top programmes) from the index alone.
  [
    'subscription',
    new TableIndex({
      name: 'idx_subscription_active_flag_program_id',
      columnNames: ['active_flag', 'program_id'],
    }),
  ],
  // New subscriptions per day: a range of the last 30 days.
  ['subscription', new TableIndex({ name: 'idx_subscription_started_at', columnNames: ['started_at'] })],
];

/**
 * The admin dashboard's aggregates (api/src/modules/admin/admin.repository.ts) read indexes, never the payment or
 * subscription rows: measured on 1,000,000 payments in docs/performance.md "Admin dashboard".
 */
export class IndexAdminStats1764201600000 implements MigrationInterface {
  name = 'IndexAdminStats1764201600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, index] of INDEXES) await queryRunner.createIndex(table, index);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, index] of [...INDEXES].reverse()) await queryRunner.dropIndex(table, index.name ?? '');
  }
}
