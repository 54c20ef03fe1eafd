import type { MigrationInterface, QueryRunner } from 'typeorm';
import { analyzeTables } from '../../common/database/statistics.js';
import { index } from './columns.js';

/** The superusers' list of hidden reviews, the latest first: a walk of this index backwards, with no sort. */
const HIDDEN = index('idx_review_hidden_id', ['hidden', 'id']);

export class IndexHiddenReviews1765400000000 implements MigrationInterface {
  name = 'IndexHiddenReviews1765400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('review', HIDDEN);
    await analyzeTables(queryRunner, ['review']);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('review', HIDDEN.name ?? '');
    await analyzeTables(queryRunner, ['review']);
  }
}
