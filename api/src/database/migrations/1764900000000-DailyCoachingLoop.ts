import { type QueryRunner, TableColumn } from 'typeorm';
import { analyzeTables } from '../../common/database/statistics.js';
import {
  createIndexes,
  CreateTablesMigration,
  dropIndexes,
  entityTable,
  foreignKey,
  index,
  type IndexList,
} from './columns.js';

/** Columns this migration adds to existing tables, per table. */
const ADDED_COLUMNS: [table: string, columns: TableColumn[]][] = [
  // How a programme's lessons open: `all` at once, or `daily`, lesson n on the member's day n.
  ['program', [new TableColumn({ name: 'unlock', type: 'varchar', length: '10', default: "'all'" })]],
  [
    'subscription',
    [
      // The member's day 1 (YYYY-MM-DD in `timezone`); existing subscriptions start on the day they were opened.
      new TableColumn({ name: 'start_date', type: 'varchar', length: '10', isNullable: true }),
      // HH:MM in `timezone`, or null for no reminders.
      new TableColumn({ name: 'reminder_time', type: 'varchar', length: '5', isNullable: true }),
      new TableColumn({ name: 'timezone', type: 'varchar', length: '64', default: "'UTC'" }),
      // The next instant the reminder job looks at this subscription; null when none is due again.
      new TableColumn({ name: 'next_reminder_at', type: 'datetime', isNullable: true }),
    ],
  ],
];

const ADDED_INDEXES: IndexList = [
  // The reminder job's one range: subscriptions whose reminder time has come.
  ['subscription', index('idx_subscription_next_reminder_at', ['next_reminder_at'])],
  // A member's completions by time: streaks and last activity.
  ['lesson_completion', index('idx_lesson_completion_user_id_completed_at', ['user_id', 'completed_at'])],
];

const ANALYZED = ['subscription', 'lesson_completion', 'program'];

/**
 * The daily coaching loop (docs/product.md): a start date, reminder time and time zone per subscription, drip
 * unlocking per programme, per-account notification settings and Web Push subscriptions.
 */
export class DailyCoachingLoop1764900000000 extends CreateTablesMigration {
  name = 'DailyCoachingLoop1764900000000';

  protected readonly tables = [
    entityTable(
      'notification_setting',
      [
        { name: 'user_id', type: 'integer' },
        { name: 'reminder_emails', type: 'boolean', default: true },
        { name: 'push_reminders', type: 'boolean', default: true },
        { name: 'push_chat', type: 'boolean', default: true },
        // The member's local date of the last reminder sent: never more than one a day.
        { name: 'last_reminder_on', type: 'varchar', length: '10', isNullable: true },
      ],
      {
        indices: [index('uq_notification_setting_user_id', ['user_id'], { unique: true })],
        foreignKeys: [foreignKey('notification_setting', 'user_id', 'user')],
      },
    ),
    entityTable(
      'push_subscription',
      [
        { name: 'user_id', type: 'integer' },
        { name: 'endpoint', type: 'text' },
        // SHA-256 of the endpoint: an endpoint is one browser, registered once, and too long to index itself.
        { name: 'endpoint_hash', type: 'varchar', length: '64' },
        { name: 'p256dh', type: 'varchar', length: '255' },
        { name: 'auth', type: 'varchar', length: '255' },
        // The signed-in session that registered it, ended with that session.
        { name: 'session_family', type: 'varchar', length: '36', isNullable: true },
      ],
      {
        indices: [
          index('uq_push_subscription_endpoint_hash', ['endpoint_hash'], { unique: true }),
          index('idx_push_subscription_user_id', ['user_id']),
          index('idx_push_subscription_session_family', ['session_family']),
        ],
        foreignKeys: [foreignKey('push_subscription', 'user_id', 'user')],
      },
    ),
  ];

  public override async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, columns] of ADDED_COLUMNS) await queryRunner.addColumns(table, columns);
    await queryRunner.query('UPDATE subscription SET start_date = SUBSTR(started_at, 1, 10)');
    await createIndexes(queryRunner, ADDED_INDEXES);
    await super.up(queryRunner);
    await analyzeTables(queryRunner, ANALYZED);
  }

  public override async down(queryRunner: QueryRunner): Promise<void> {
    await super.down(queryRunner);
    await dropIndexes(queryRunner, ADDED_INDEXES);
    for (const [table, columns] of [...ADDED_COLUMNS].reverse())
      await queryRunner.dropColumns(table, [...columns].reverse());
    await analyzeTables(queryRunner, ANALYZED);
  }
}
