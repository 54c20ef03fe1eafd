import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { entityTable, foreignKey, index } from './columns.js';

/** Body stats, sessions (refresh tokens) and e-mail verification links: everything accounts need. */
export class CreateAccounts1763750100000 implements MigrationInterface {
  name = 'CreateAccounts1763750100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'user',
      new TableColumn({ name: 'pending_email', type: 'varchar', length: '255', isNullable: true }),
    );

    await queryRunner.createTable(
      entityTable(
        'profile',
        [
          { name: 'user_id', type: 'integer' },
          { name: 'height', type: 'float', isNullable: true },
          { name: 'weight', type: 'float', isNullable: true },
          { name: 'body_fat', type: 'float', isNullable: true },
          { name: 'age', type: 'integer', isNullable: true },
          { name: 'phone', type: 'varchar', length: '20', isNullable: true },
        ],
        {
          indices: [index('uq_profile_user_id', ['user_id'], { unique: true })],
          foreignKeys: [foreignKey('profile', 'user_id', 'user')],
        },
      ),
    );

    await queryRunner.createTable(
      entityTable(
        'refresh_token',
        [
          { name: 'user_id', type: 'integer' },
          { name: 'family_id', type: 'varchar', length: '36' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'expires_at', type: 'datetime' },
          { name: 'revoked_at', type: 'datetime', isNullable: true },
        ],
        {
          indices: [
            index('uq_refresh_token_token_hash', ['token_hash'], { unique: true }),
            index('idx_refresh_token_family_id', ['family_id']),
            index('idx_refresh_token_user_id', ['user_id']),
          ],
          foreignKeys: [foreignKey('refresh_token', 'user_id', 'user')],
        },
      ),
    );

    await queryRunner.createTable(
      entityTable(
        'email_verification',
        [
          { name: 'user_id', type: 'integer' },
          { name: 'email', type: 'varchar', length: '255' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'expires_at', type: 'datetime' },
          { name: 'used_at', type: 'datetime', isNullable: true },
        ],
        {
          indices: [
            index('uq_email_verification_token_hash', ['token_hash'], { unique: true }),
            index('idx_email_verification_user_id', ['user_id']),
          ],
          foreignKeys: [foreignKey('email_verification', 'user_id', 'user')],
        },
      ),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('email_verification');
    await queryRunner.dropTable('refresh_token');
    await queryRunner.dropTable('profile');
    await queryRunner.dropColumn('user', 'pending_email');
  }
}
