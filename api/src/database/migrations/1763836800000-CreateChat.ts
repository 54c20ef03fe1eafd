import { CreateTablesMigration, entityTable, foreignKey, index } from './columns.js';

/**
 * Chat messages and notifications (docs/architecture.md §8). A message names its conversation by the two user
 * ids in order (`low_id`, `high_id`), so a page of history is one range scan of `idx_chat_message_conversation`
 * (and a user's latest message per conversation one of it or of `idx_chat_message_high_id`); unread counts read
 * `idx_chat_message_unread`. Deleting a message keeps its row (`deleted_at`).
 */
export class CreateChat1763836800000 extends CreateTablesMigration {
  name = 'CreateChat1763836800000';

  protected readonly tables = [
    entityTable(
      'chat_message',
      [
        { name: 'sender_id', type: 'integer' },
        { name: 'recipient_id', type: 'integer' },
        { name: 'low_id', type: 'integer' },
        { name: 'high_id', type: 'integer' },
        { name: 'type', type: 'varchar', length: '8' },
        { name: 'text', type: 'text', isNullable: true },
        { name: 'image', type: 'varchar', length: '255', isNullable: true },
        { name: 'forwarded', type: 'boolean', default: false },
        { name: 'read_at', type: 'datetime', isNullable: true },
        { name: 'deleted_at', type: 'datetime', isNullable: true },
      ],
      {
        indices: [
          index('idx_chat_message_conversation', ['low_id', 'high_id', 'id']),
          index('idx_chat_message_high_id', ['high_id', 'low_id', 'id']),
          index('idx_chat_message_unread', ['recipient_id', 'read_at', 'sender_id']),
        ],
        foreignKeys: [
          foreignKey('chat_message', 'sender_id', 'user'),
          foreignKey('chat_message', 'recipient_id', 'user'),
        ],
      },
    ),

    entityTable(
      'notification',
      [
        { name: 'user_id', type: 'integer' },
        { name: 'sender_id', type: 'integer', isNullable: true },
        { name: 'sender_name', type: 'varchar', length: '255' },
        { name: 'category', type: 'varchar', length: '20' },
        { name: 'message', type: 'varchar', length: '255' },
        { name: 'payload', type: 'text', isNullable: true },
        { name: 'read_at', type: 'datetime', isNullable: true },
      ],
      {
        indices: [index('idx_notification_user_id_read_at', ['user_id', 'read_at', 'id'])],
        foreignKeys: [
          foreignKey('notification', 'user_id', 'user'),
          foreignKey('notification', 'sender_id', 'user', 'SET NULL'),
        ],
      },
    ),
  ];
}
