import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

/** When a refresh token was rotated, so that a concurrent refresh with it can be given its successor (ADR 008). */
export class AddRefreshTokenRotatedAt1763750300000 implements MigrationInterface {
  name = 'AddRefreshTokenRotatedAt1763750300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'refresh_token',
      new TableColumn({ name: 'rotated_at', type: 'datetime', isNullable: true }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('refresh_token', 'rotated_at');
  }
}
