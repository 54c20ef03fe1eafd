import type { QueryRunner } from 'typeorm';
import { analyzeTables } from '../../common/database/statistics.js';
import { AddColumnsMigration, createIndexes, dropIndexes, index, type IndexList } from './columns.js';

/** Made by `up`, dropped by `down`: an account's own rows, found without a scan when it leaves. */
const ADDED: IndexList = [
  // The messages an account sent: its export, and their text erased with the account.
  ['chat_message', index('idx_chat_message_sender_id_id', ['sender_id', 'id'])],
  // The notifications naming an account as their sender, which stop naming it.
  ['notification', index('idx_notification_sender_id', ['sender_id'])],
];

/**
 * MySQL made these for the sender foreign keys and dropped them once the indexes above served the keys; it refuses to
 * drop those while no other index serves them, so `down` makes these again first, under the names MySQL gave them.
 */
const FOREIGN_KEY_INDEXES: IndexList = [
  ['chat_message', index('fk_chat_message_sender_id', ['sender_id'])],
  ['notification', index('fk_notification_sender_id', ['sender_id'])],
];

const TABLES = ['chat_message', 'notification'];

/**
 * Accounts their owners delete (docs/product.md §2.9): `user.deleted_at` says when, as the row stays, anonymised,
 * for the payments and messages that point to it; and the indexes that reach the account's rows.
 */
export class AccountDeletion1764710000000 extends AddColumnsMigration {
  name = 'AccountDeletion1764710000000';

  protected readonly table = 'user';
  protected readonly columns = [{ name: 'deleted_at', type: 'datetime', isNullable: true }];

  public override async up(queryRunner: QueryRunner): Promise<void> {
    await super.up(queryRunner);
    await createIndexes(queryRunner, ADDED);
    await analyzeTables(queryRunner, TABLES);
  }

  public override async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql')
      await createIndexes(queryRunner, FOREIGN_KEY_INDEXES);
    await dropIndexes(queryRunner, ADDED);
    await super.down(queryRunner);
    await analyzeTables(queryRunner, TABLES);
  }
}
