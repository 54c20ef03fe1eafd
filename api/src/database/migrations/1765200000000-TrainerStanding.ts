import type { QueryRunner } from 'typeorm';
import { AddColumnsMigration } from './columns.js';

/**
 * A trainer's standing over all their programmes: `rating`, until now never set, becomes the mean stars of the
 * visible reviews of their programmes and `review_count` their number, both kept by every review write.
 */
export class TrainerStanding1765200000000 extends AddColumnsMigration {
  name = 'TrainerStanding1765200000000';

  protected readonly table = 'trainer';
  protected readonly columns = [{ name: 'review_count', type: 'integer', default: 0 }];

  public override async up(queryRunner: QueryRunner): Promise<void> {
    await super.up(queryRunner);
    await queryRunner.query(
      `UPDATE trainer SET
         review_count = (SELECT COALESCE(SUM(p.review_count), 0) FROM program p WHERE p.trainer_id = trainer.id),
         rating = (SELECT SUM(p.stars_total) * 1.0 / NULLIF(SUM(p.review_count), 0)
                   FROM program p WHERE p.trainer_id = trainer.id)`,
    );
  }

  public override async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('UPDATE trainer SET rating = NULL');
    await super.down(queryRunner);
  }
}
