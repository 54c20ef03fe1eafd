import { type MigrationInterface, type QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { createdAt, idColumn, updatedAt } from './columns.js';

/**
 * Password reset links: found by the hash of their token, and an account's newest along (user_id, id), since only the
 * newest works. They go with their account.
 */
export class CreatePasswordReset1764600000000 implements MigrationInterface {
  name = 'CreatePasswordReset1764600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'password_reset',
        columns: [
          idColumn(),
          { name: 'user_id', type: 'integer' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'expires_at', type: 'datetime' },
          { name: 'used_at', type: 'datetime', isNullable: true },
          createdAt(),
          updatedAt(),
        ],
        indices: [
          new TableIndex({
            name: 'uq_password_reset_token_hash',
            columnNames: ['token_hash'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_password_reset_user_id_id', columnNames: ['user_id', 'id'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_password_reset_user_id',
            columnNames: ['user_id'],
            referencedTableName: 'user',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('password_reset');
  }
}
