import {
  type MigrationInterface,
  type QueryRunner,
  Table,
  TableColumn,
  TableForeignKey,
  TableIndex,
} from 'typeorm';
import { createdAt, idColumn, updatedAt } from './columns.js';

const userForeignKey = (table: string) =>
  new TableForeignKey({
    name: `fk_${table}_user_id`,
    columnNames: ['user_id'],
    referencedTableName: 'user',
    referencedColumnNames: ['id'],
    onDelete: 'CASCADE',
  });

/** Body stats, sessions (refresh tokens) and e-mail verification links: everything accounts need. */
export class CreateAccounts1763750100000 implements MigrationInterface {
  name = 'CreateAccounts1763750100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'user',
      new TableColumn({ name: 'pending_email', type: 'varchar', length: '255', isNullable: true }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'profile',
        columns: [
          idColumn(),
          { name: 'user_id', type: 'integer' },
          { name: 'height', type: 'float', isNullable: true },
          { name: 'weight', type: 'float', isNullable: true },
          { name: 'body_fat', type: 'float', isNullable: true },
          { name: 'age', type: 'integer', isNullable: true },
          { name: 'phone', type: 'varchar', length: '20', isNullable: true },
          createdAt(),
          updatedAt(),
        ],
        indices: [new TableIndex({ name: 'uq_profile_user_id', columnNames: ['user_id'], isUnique: true })],
        foreignKeys: [userForeignKey('profile')],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'refresh_token',
        columns: [
          idColumn(),
          { name: 'user_id', type: 'integer' },
          { name: 'family_id', type: 'varchar', length: '36' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'expires_at', type: 'datetime' },
          { name: 'revoked_at', type: 'datetime', isNullable: true },
          createdAt(),
          updatedAt(),
        ],
        indices: [
          new TableIndex({
            name: 'uq_refresh_token_token_hash',
            columnNames: ['token_hash'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_refresh_token_family_id', columnNames: ['family_id'] }),
          new TableIndex({ name: 'idx_refresh_token_user_id', columnNames: ['user_id'] }),
        ],
        foreignKeys: [userForeignKey('refresh_token')],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'email_verification',
        columns: [
          idColumn(),
          { name: 'user_id', type: 'integer' },
          { name: 'email', type: 'varchar', length: '255' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'expires_at', type: 'datetime' },
          { name: 'used_at', type: 'datetime', isNullable: true },
          createdAt(),
          updatedAt(),
        ],
        indices: [
          new TableIndex({
            name: 'uq_email_verification_token_hash',
            columnNames: ['token_hash'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_email_verification_user_id', columnNames: ['user_id'] }),
        ],
        foreignKeys: [userForeignKey('email_verification')],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('email_verification');
    await queryRunner.dropTable('refresh_token');
    await queryRunner.dropTable('profile');
    await queryRunner.dropColumn('user', 'pending_email');
  }
}
