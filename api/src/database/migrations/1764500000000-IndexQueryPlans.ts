import type { MigrationInterface, QueryRunner } from 'typeorm';
import { analyzeTables } from '../../common/database/statistics.js';
import { type IndexList, createIndexes, dropIndexes, index } from './columns.js';

/** Made by `up`, dropped by `down`. */
const ADDED: IndexList = [
  // A member's active subscriptions, oldest first (every signed-in page), read in order: no sort of them.
  [
    'subscription',
    index('idx_subscription_user_id_active_flag_started_at', ['user_id', 'active_flag', 'started_at', 'id']),
  ],
  // A programme's active subscriptions, newest first (a trainer's subscribers), and their count per programme.
  [
    'subscription',
    index('idx_subscription_active_flag_program_id_started_at', [
      'active_flag',
      'program_id',
      'started_at',
      'id',
    ]),
  ],
  // The blocked accounts: the few trainers whose programmes the catalogue leaves out, found without a scan.
  ['user', index('idx_user_blocked', ['blocked'])],
  // The account whose pending new address is the one asked for, beside uq_user_email.
  ['user', index('idx_user_pending_email', ['pending_email'])],
  // The superusers' Users and Trainers lists, by join date.
  [
    'user',
    index('idx_user_is_superuser_is_trainer_created_at', ['is_superuser', 'is_trainer', 'created_at', 'id']),
  ],
  // The superusers' queue of publish requests, oldest first.
  ['publish_request', index('idx_publish_request_status_updated_at', ['status', 'updated_at', 'id'])],
];

/** The first columns of an index above: dropped by `up`, made again by `down`. */
const REPLACED: IndexList = [
  ['subscription', index('idx_subscription_active_flag_program_id', ['active_flag', 'program_id'])],
  ['publish_request', index('idx_publish_request_status', ['status'])],
];

const TABLES = ['subscription', 'user', 'publish_request'];

/**
 * The indexes test/api/query-plans.e2e-spec.ts asks for (docs/decisions/049-query-plans-held-by-a-test.md): each
 * turns a sort of a growing set of rows, or a scan of a growing table, into a range read in order. The replaced
 * indexes go once their successors exist, then the tables are analyzed: SQLite plans nothing from an index its
 * statistics do not describe.
 */
export class IndexQueryPlans1764500000000 implements MigrationInterface {
  name = 'IndexQueryPlans1764500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await createIndexes(queryRunner, ADDED);
    await dropIndexes(queryRunner, REPLACED);
    await analyzeTables(queryRunner, TABLES);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await createIndexes(queryRunner, REPLACED);
    await dropIndexes(queryRunner, ADDED);
    await analyzeTables(queryRunner, TABLES);
  }
}
