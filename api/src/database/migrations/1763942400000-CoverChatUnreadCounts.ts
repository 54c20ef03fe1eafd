import type { MigrationInterface, QueryRunner } from 'typeorm';
import { index } from './columns.js';

const UNREAD = index('idx_chat_message_unread', ['recipient_id', 'read_at', 'sender_id']);
const UNREAD_COUNTS = index('idx_chat_message_unread_counts', [
  'recipient_id',
  'read_at',
  'deleted_at',
  'sender_id',
]);

/**
 * Unread counts read every unread row of a recipient; with `deleted_at` in the index they are counted from the index
 * alone, without reading each row (1,000,000 messages on MariaDB: 524 ms → 32 ms, docs/performance.md "Chat").
 * The new index is made before the old one goes: MySQL keeps the recipient's foreign key on one of them.
 */
export class CoverChatUnreadCounts1763942400000 implements MigrationInterface {
  name = 'CoverChatUnreadCounts1763942400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('chat_message', UNREAD_COUNTS);
    await queryRunner.dropIndex('chat_message', UNREAD.name ?? '');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('chat_message', UNREAD);
    await queryRunner.dropIndex('chat_message', UNREAD_COUNTS.name ?? '');
  }
}
