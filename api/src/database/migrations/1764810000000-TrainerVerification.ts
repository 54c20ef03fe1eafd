import type { QueryRunner } from 'typeorm';
import { analyzeTables } from '../../common/database/statistics.js';
import { AddColumnsMigration, index } from './columns.js';

/** The public trainers, verified first then newest: a walk of this index backwards, with no sort. */
const LISTING = index('idx_trainer_verified_id', ['verified', 'id']);

/**
 * A superuser's word that a trainer is who they say (docs/product.md §2.11): `verified`, and since when. Every
 * trainer starts unverified, those registered before this migration too.
 */
export class TrainerVerification1764810000000 extends AddColumnsMigration {
  name = 'TrainerVerification1764810000000';

  protected readonly table = 'trainer';
  protected readonly columns = [
    { name: 'verified', type: 'boolean', default: false },
    { name: 'verified_at', type: 'datetime', isNullable: true },
  ];

  public override async up(queryRunner: QueryRunner): Promise<void> {
    await super.up(queryRunner);
    await queryRunner.createIndex('trainer', LISTING);
    await analyzeTables(queryRunner, ['trainer']);
  }

  public override async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('trainer', LISTING.name ?? '');
    await super.down(queryRunner);
    await analyzeTables(queryRunner, ['trainer']);
  }
}
