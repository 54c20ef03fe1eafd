import type { QueryRunner } from 'typeorm';
import { analyzeTables } from '../../common/database/statistics.js';
import { AddColumnsMigration, index } from './columns.js';

const BY_USER = index('idx_refresh_token_user_id', ['user_id']);
/** An account's live tokens (its signed-in devices, sessions ended together) without reading its spent ones. */
const LIVE_BY_USER = index('idx_refresh_token_user_id_revoked_at', ['user_id', 'revoked_at']);

/**
 * What an account's list of signed-in devices shows of each session: when it signed in and its browser. Tokens
 * issued before take the time of their session's first token; their browser is not known.
 */
export class AddSessionDetails1764700000000 extends AddColumnsMigration {
  name = 'AddSessionDetails1764700000000';

  protected readonly table = 'refresh_token';
  protected readonly columns = [
    { name: 'signed_in_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
    { name: 'user_agent', type: 'varchar', length: '255', isNullable: true },
  ];

  public override async up(queryRunner: QueryRunner): Promise<void> {
    await super.up(queryRunner);
    await queryRunner.query(
      queryRunner.connection.options.type === 'mysql'
        ? `UPDATE refresh_token t
             JOIN (SELECT family_id, MIN(created_at) AS first FROM refresh_token GROUP BY family_id) f
               ON f.family_id = t.family_id
           SET t.signed_in_at = f.first`
        : `UPDATE refresh_token SET signed_in_at =
             (SELECT MIN(f.created_at) FROM refresh_token f WHERE f.family_id = refresh_token.family_id)`,
    );
    await queryRunner.createIndex('refresh_token', LIVE_BY_USER);
    await queryRunner.dropIndex('refresh_token', BY_USER.name ?? '');
    await analyzeTables(queryRunner, ['refresh_token']);
  }

  public override async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('refresh_token', BY_USER);
    await queryRunner.dropIndex('refresh_token', LIVE_BY_USER.name ?? '');
    await super.down(queryRunner);
    await analyzeTables(queryRunner, ['refresh_token']);
  }
}
