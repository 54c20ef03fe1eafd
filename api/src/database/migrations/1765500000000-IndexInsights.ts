import type { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';
import { analyzeTables } from '../../common/database/statistics.js';
import { index } from './columns.js';

/**
 * A trainer's insights (docs/product.md §2.16) read each figure from one of these, without touching the rows: a
 * range of one programme's entries holds every column the figure needs, so a trainer with 5,000 subscribers costs
 * index pages, not thousands of random row reads in tables of a million rows.
 */
const INDEXES: [string, TableIndex][] = [
  // Money paid in a range, and refunded in a range.
  [
    'payment',
    index('idx_payment_program_id_completed_at', [
      'program_id',
      'completed_at',
      'status',
      'currency',
      'amount_minor',
    ]),
  ],
  [
    'payment',
    index('idx_payment_program_id_refunded_at', [
      'program_id',
      'refunded_at',
      'status',
      'currency',
      'amount_minor',
    ]),
  ],
  // Subscriptions started in a range; finishes in a range; the active ones, with what says whether they are quiet.
  ['subscription', index('idx_subscription_program_id_started_at', ['program_id', 'started_at'])],
  [
    'subscription',
    index('idx_subscription_program_id_finished_at', ['program_id', 'finished_at', 'started_at', 'user_id']),
  ],
  [
    'subscription',
    index('idx_subscription_active_flag_program_id_finished_at', [
      'active_flag',
      'program_id',
      'finished_at',
      'last_completed_at',
      'started_at',
      'user_id',
    ]),
  ],
];

const TABLES = ['payment', 'subscription'];

export class IndexInsights1765500000000 implements MigrationInterface {
  name = 'IndexInsights1765500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, created] of INDEXES) await queryRunner.createIndex(table, created);
    await analyzeTables(queryRunner, TABLES);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, created] of [...INDEXES].reverse())
      await queryRunner.dropIndex(table, created.name ?? '');
    await analyzeTables(queryRunner, TABLES);
  }
}
