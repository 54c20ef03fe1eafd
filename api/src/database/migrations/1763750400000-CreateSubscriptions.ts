import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { createdAt, foreignKey, idColumn, updatedAt } from './columns.js';

const unique = (name: string, columnNames: string[]) => new TableIndex({ name, columnNames, isUnique: true });

/**
 * Payments, the webhooks that report on them, the subscriptions they pay for and the lessons members complete
 * (docs/architecture.md §4, §7). The nullable `open_flag` / `active_flag` columns make "at most one open order"
 * and "at most one active subscription" per member and programme unique indexes in both dialects.
 */
export class CreateSubscriptions1763750400000 implements MigrationInterface {
  name = 'CreateSubscriptions1763750400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'payment',
        columns: [
          idColumn(),
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
          createdAt(),
          updatedAt(),
        ],
        indices: [
          unique('uq_payment_provider_order_id', ['provider', 'order_id']),
          unique('uq_payment_capture_id', ['capture_id']),
          unique('uq_payment_user_id_program_id_open_flag', ['user_id', 'program_id', 'open_flag']),
          new TableIndex({ name: 'idx_payment_program_id_status', columnNames: ['program_id', 'status'] }),
        ],
        foreignKeys: [
          foreignKey('payment', 'user_id', 'user'),
          foreignKey('payment', 'program_id', 'program'),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'payment_event',
        columns: [
          idColumn(),
          { name: 'event_id', type: 'varchar', length: '100' },
          { name: 'event_type', type: 'varchar', length: '100' },
          { name: 'resource_id', type: 'varchar', length: '64', isNullable: true },
          { name: 'payload', type: 'text' },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'processed_at', type: 'datetime', isNullable: true },
          createdAt(),
          updatedAt(),
        ],
        indices: [unique('uq_payment_event_event_id', ['event_id'])],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'subscription',
        columns: [
          idColumn(),
          { name: 'user_id', type: 'integer' },
          { name: 'program_id', type: 'integer' },
          { name: 'payment_id', type: 'integer' },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'active_flag', type: 'integer', isNullable: true },
          { name: 'started_at', type: 'datetime' },
          { name: 'ended_at', type: 'datetime', isNullable: true },
          createdAt(),
          updatedAt(),
        ],
        indices: [
          unique('uq_subscription_user_id_program_id_active_flag', ['user_id', 'program_id', 'active_flag']),
          unique('uq_subscription_payment_id', ['payment_id']),
          new TableIndex({
            name: 'idx_subscription_program_id_status',
            columnNames: ['program_id', 'status'],
          }),
        ],
        foreignKeys: [
          foreignKey('subscription', 'user_id', 'user'),
          foreignKey('subscription', 'program_id', 'program'),
          foreignKey('subscription', 'payment_id', 'payment'),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'lesson_completion',
        columns: [
          idColumn(),
          { name: 'user_id', type: 'integer' },
          { name: 'lesson_id', type: 'integer' },
          { name: 'completed_at', type: 'datetime' },
          createdAt(),
          updatedAt(),
        ],
        indices: [
          unique('uq_lesson_completion_user_id_lesson_id', ['user_id', 'lesson_id']),
          new TableIndex({ name: 'idx_lesson_completion_lesson_id', columnNames: ['lesson_id'] }),
        ],
        foreignKeys: [
          foreignKey('lesson_completion', 'user_id', 'user'),
          foreignKey('lesson_completion', 'lesson_id', 'lesson'),
        ],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('lesson_completion');
    await queryRunner.dropTable('subscription');
    await queryRunner.dropTable('payment_event');
    await queryRunner.dropTable('payment');
  }
}
