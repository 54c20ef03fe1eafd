import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

/**
 * Why a superuser rejected a programme (docs/product.md §4): kept on its publish request, read by its trainer, and
 * cleared when the programme is submitted again.
 */
export class AddPublishRequestReason1764028800000 implements MigrationInterface {
  name = 'AddPublishRequestReason1764028800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'publish_request',
      // Text rather than varchar(500): the DTO's 500 characters count an emoji with its variation selector as one.
      new TableColumn({ name: 'reason', type: 'text', isNullable: true }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('publish_request', 'reason');
  }
}
