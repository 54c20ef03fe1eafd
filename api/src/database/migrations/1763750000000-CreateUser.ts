import type { MigrationInterface, QueryRunner } from 'typeorm';
import { entityTable, index } from './columns.js';

export class CreateUser1763750000000 implements MigrationInterface {
  name = 'CreateUser1763750000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      entityTable('user', [
        { name: 'first_name', type: 'varchar', length: '255' },
        { name: 'last_name', type: 'varchar', length: '255' },
        { name: 'email', type: 'varchar', length: '255' },
        { name: 'password_hash', type: 'varchar', length: '255' },
        { name: 'profile_picture', type: 'varchar', length: '255', isNullable: true },
        { name: 'is_verified', type: 'boolean', default: false },
        { name: 'is_trainer', type: 'boolean', default: false },
        { name: 'is_superuser', type: 'boolean', default: false },
        { name: 'blocked', type: 'boolean', default: false },
      ]),
    );
    await queryRunner.createIndex('user', index('uq_user_email', ['email'], { unique: true }));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('user', 'uq_user_email');
    await queryRunner.dropTable('user');
  }
}
