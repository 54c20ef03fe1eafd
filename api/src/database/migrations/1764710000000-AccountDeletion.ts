import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { analyzeTables } from '../../common/database/statistics.js';

const index = (name: string, columnNames: string[]) => new TableIndex({ name, columnNames });

/** Made by `up`, dropped by `down`: an account's own rows, found without a scan when it leaves. */
const ADDED: [table: string, index: TableIndex][] = [
  // The messages an account sent: its export, and their text erased with the account.
  ['chat_message', index('idx_chat_message_sender_id_id', ['sender_id', 'id'])],
  // The notifications naming an account as their sender, which stop naming it.
  ['notification', index('idx_notification_sender_id', ['sender_id'])],
];

const TABLES = ['chat_message', 'notification'];

/**
 * Accounts their owners delete (docs/product.md §2.9): `user.deleted_at` says when, as the row stays, anonymised,
 * for the payments and messages that point to it; and the indexes that reach the account's rows.
 */
export class AccountDeletion1764710000000 implements MigrationInterface {
  name = 'AccountDeletion1764710000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'user',
      new TableColumn({ name: 'deleted_at', type: 'datetime', isNullable: true }),
    );
    for (const [table, added] of ADDED) await queryRunner.createIndex(table, added);
    await analyzeTables(queryRunner, TABLES);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, added] of [...ADDED].reverse()) await queryRunner.dropIndex(table, added.name ?? '');
    await queryRunner.dropColumn('user', 'deleted_at');
    await analyzeTables(queryRunner, TABLES);
  }
}
