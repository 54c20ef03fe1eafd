import { CreateTablesMigration, entityTable, foreignKey, index } from './columns.js';

/**
 * Password reset links: found by the hash of their token, and an account's newest along (user_id, id), since only the
 * newest works. They go with their account.
 */
export class CreatePasswordReset1764600000000 extends CreateTablesMigration {
  name = 'CreatePasswordReset1764600000000';

  protected readonly tables = [
    entityTable(
      'password_reset',
      [
        { name: 'user_id', type: 'integer' },
        { name: 'token_hash', type: 'varchar', length: '64' },
        { name: 'expires_at', type: 'datetime' },
        { name: 'used_at', type: 'datetime', isNullable: true },
      ],
      {
        indices: [
          index('uq_password_reset_token_hash', ['token_hash'], { unique: true }),
          index('idx_password_reset_user_id_id', ['user_id', 'id']),
        ],
        foreignKeys: [foreignKey('password_reset', 'user_id', 'user')],
      },
    ),
  ];
}
