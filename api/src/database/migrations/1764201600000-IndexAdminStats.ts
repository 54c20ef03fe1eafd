import type { MigrationInterface, QueryRunner } from 'typeorm';
import { type IndexList, createIndexes, dropIndexes, index } from './columns.js';

const INDEXES: IndexList = [
  // Members are counted from an index of the superuser flag, not from each account row.
  ['user', index('idx_user_is_superuser', ['is_superuser'])],
  // Revenue per currency: summed from the index alone (status, then currency and amount).
  ['payment', index('idx_payment_status_currency_amount', ['status', 'currency', 'amount_minor'])],
  // Revenue per day: the completed payments of the last 30 days, a range of this index, read from it alone.
  [
    'payment',
    index('idx_payment_status_completed_at', ['status', 'completed_at', 'currency', 'amount_minor']),
  ],
  // Active subscriptions, counted and grouped per programme (top programmes) from the index alone.
  ['subscription', index('idx_subscription_active_flag_program_id', ['active_flag', 'program_id'])],
  // New subscriptions per day: a range of the last 30 days.
  ['subscription', index('idx_subscription_started_at', ['started_at'])],
];

/**
 * The admin dashboard's aggregates (api/src/modules/admin/admin.repository.ts) read indexes, never the payment or
 * subscription rows: measured on 1,000,000 payments in docs/performance.md "Admin dashboard".
 */
export class IndexAdminStats1764201600000 implements MigrationInterface {
  name = 'IndexAdminStats1764201600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await createIndexes(queryRunner, INDEXES);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropIndexes(queryRunner, INDEXES);
  }
}
