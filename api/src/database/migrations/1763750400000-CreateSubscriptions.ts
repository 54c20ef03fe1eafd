import { CreateTablesMigration, entityTable, foreignKey, index } from './columns.js';

/**
 * Payments, the webhooks that report on them, the subscriptions they pay for and the lessons members complete
 * (docs/architecture.md §4, §7). The nullable `open_flag` / `active_flag` columns make "at most one open order"
 * and "at most one active subscription" per member and programme unique indexes in both dialects.
 */
export class CreateSubscriptions1763750400000 extends CreateTablesMigration {
  name = 'CreateSubscriptions1763750400000';

  protected readonly tables = [
    entityTable(
      'payment',
      [
        { name: 'provider', type: 'varchar', length: '20' },
        { name: 'order_id', type: 'varchar', length: '64' },
        { name: 'capture_id', type: 'varchar', length: '64', isNullable: true },
        { name: 'user_id', type: 'integer' },
        { name: 'program_id', type: 'integer' },
        { name: 'amount_minor', type: 'integer' },
        { name: 'currency', type: 'varchar', length: '3' },
        { name: 'status', type: 'varchar', length: '20' },
        { name: 'open_flag', type: 'integer', isNullable: true },
        { name: 'payer_name', type: 'varchar', length: '255', isNullable: true },
        { name: 'completed_at', type: 'datetime', isNullable: true },
        { name: 'refunded_at', type: 'datetime', isNullable: true },
      ],
      {
        indices: [
          index('uq_payment_provider_order_id', ['provider', 'order_id'], { unique: true }),
          index('uq_payment_capture_id', ['capture_id'], { unique: true }),
          index('uq_payment_user_id_program_id_open_flag', ['user_id', 'program_id', 'open_flag'], {
            unique: true,
          }),
          index('idx_payment_program_id_status', ['program_id', 'status']),
        ],
        foreignKeys: [
          foreignKey('payment', 'user_id', 'user'),
          foreignKey('payment', 'program_id', 'program'),
        ],
      },
    ),

    entityTable(
      'payment_event',
      [
        { name: 'event_id', type: 'varchar', length: '100' },
        { name: 'event_type', type: 'varchar', length: '100' },
        { name: 'resource_id', type: 'varchar', length: '64', isNullable: true },
        { name: 'payload', type: 'text' },
        { name: 'status', type: 'varchar', length: '20' },
        { name: 'processed_at', type: 'datetime', isNullable: true },
      ],
      { indices: [index('uq_payment_event_event_id', ['event_id'], { unique: true })] },
    ),

    entityTable(
      'subscription',
      [
        { name: 'user_id', type: 'integer' },
        { name: 'program_id', type: 'integer' },
        { name: 'payment_id', type: 'integer' },
        { name: 'status', type: 'varchar', length: '20' },
        { name: 'active_flag', type: 'integer', isNullable: true },
        { name: 'started_at', type: 'datetime' },
        { name: 'ended_at', type: 'datetime', isNullable: true },
      ],
      {
        indices: [
          index('uq_subscription_user_id_program_id_active_flag', ['user_id', 'program_id', 'active_flag'], {
            unique: true,
          }),
          index('uq_subscription_payment_id', ['payment_id'], { unique: true }),
          index('idx_subscription_program_id_status', ['program_id', 'status']),
        ],
        foreignKeys: [
          foreignKey('subscription', 'user_id', 'user'),
          foreignKey('subscription', 'program_id', 'program'),
          foreignKey('subscription', 'payment_id', 'payment'),
        ],
      },
    ),

    entityTable(
      'lesson_completion',
      [
        { name: 'user_id', type: 'integer' },
        { name: 'lesson_id', type: 'integer' },
        { name: 'completed_at', type: 'datetime' },
      ],
      {
        indices: [
          index('uq_lesson_completion_user_id_lesson_id', ['user_id', 'lesson_id'], { unique: true }),
          index('idx_lesson_completion_lesson_id', ['lesson_id']),
        ],
        foreignKeys: [
          foreignKey('lesson_completion', 'user_id', 'user'),
          foreignKey('lesson_completion', 'lesson_id', 'lesson'),
        ],
      },
    ),
  ];
}
