import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { createdAt, idColumn, updatedAt } from './columns.js';

export class CreateUser1763750000000 implements MigrationInterface {
  name = 'CreateUser1763750000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'user',
        columns: [
          idColumn(),
          { name: 'first_name', type: 'varchar', length: '255' },
          { name: 'last_name', type: 'varchar', length: '255' },
          { name: 'email', type: 'varchar', length: '255' },
          { name: 'password_hash', type: 'varchar', length: '255' },
          { name: 'profile_picture', type: 'varchar', length: '255', isNullable: true },
          { name: 'is_verified', type: 'boolean', default: false },
          { name: 'is_trainer', type: 'boolean', default: false },
          { name: 'is_superuser', type: 'boolean', default: false },
          { name: 'blocked', type: 'boolean', default: false },
          createdAt(),
          updatedAt(),
        ],
      }),
    );
    await queryRunner.createIndex(
      'user',
      new TableIndex({ name: 'uq_user_email', columnNames: ['email'], isUnique: true }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('user', 'uq_user_email');
    await queryRunner.dropTable('user');
  }
}
