import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { analyzeTables } from '../../common/database/statistics.js';

/** The public trainers, verified first then newest: a walk of this index backwards, with no sort. */
const LISTING = new TableIndex({ name: 'idx_trainer_verified_id', columnNames: ['verified', 'id'] });

/**
 * A superuser's word that a trainer is who they say (docs/product.md §2.11): `verified`, and since when. Every
 * trainer starts unverified, those registered before this migration too.
 */
export class TrainerVerification1764810000000 implements MigrationInterface {
  name = 'TrainerVerification1764810000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('trainer', [
      new TableColumn({ name: 'verified', type: 'boolean', default: false }),
      new TableColumn({ name: 'verified_at', type: 'datetime', isNullable: true }),
    ]);
    await queryRunner.createIndex('trainer', LISTING);
    await analyzeTables(queryRunner, ['trainer']);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('trainer', LISTING.name ?? '');
    await queryRunner.dropColumns('trainer', ['verified_at', 'verified']);
    await analyzeTables(queryRunner, ['trainer']);
  }
}
