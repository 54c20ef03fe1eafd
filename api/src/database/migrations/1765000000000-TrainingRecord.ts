import { type QueryRunner, TableColumn } from 'typeorm';
import { analyzeTables } from '../../common/database/statistics.js';
import { CreateTablesMigration, entityTable, foreignKey, index } from './columns.js';

const WORKOUT_LOG_COLUMN = new TableColumn({ name: 'workout_log_id', type: 'integer', isNullable: true });
const WORKOUT_LOG_INDEX = index('idx_chat_message_workout_log_id', ['workout_log_id']);

const ANALYZED = ['workout_log', 'body_measurement', 'progress_photo', 'record_share', 'chat_message'];

/** Both dialects' spelling of "the date part of a datetime column", as `YYYY-MM-DD`. */
function datePart(queryRunner: QueryRunner, column: string): string {
  return queryRunner.connection.options.type === 'mysql'
    ? `DATE_FORMAT(${column}, '%Y-%m-%d')`
    : `SUBSTR(${column}, 1, 10)`;
}

/**
 * The training record (docs/product.md): workout logs per lesson, body measurements over time, private progress
 * photos, what each member shares with each trainer, and trainers' comments on a log as chat messages. The profile's
 * weight and body fat become the first measurement of each member who had any.
 */
export class TrainingRecord1765000000000 extends CreateTablesMigration {
  name = 'TrainingRecord1765000000000';

  protected readonly tables = [
    entityTable(
      'workout_log',
      [
        { name: 'user_id', type: 'integer' },
        { name: 'lesson_id', type: 'integer', isNullable: true },
        { name: 'program_id', type: 'integer', isNullable: true },
        { name: 'lesson_number', type: 'integer' },
        { name: 'lesson_title', type: 'varchar', length: '255' },
        { name: 'performed_on', type: 'varchar', length: '10' },
        { name: 'effort', type: 'integer', isNullable: true },
        { name: 'note', type: 'text', isNullable: true },
        { name: 'exercises', type: 'text' },
        { name: 'set_count', type: 'integer', default: 0 },
        { name: 'volume_kg', type: 'float', default: 0 },
      ],
      {
        indices: [
          // A member's record, newest first (a trainer's view of it filters the same range by programme).
          index('idx_workout_log_user_id_performed_on', ['user_id', 'performed_on']),
          index('idx_workout_log_lesson_id_user_id_performed_on', ['lesson_id', 'user_id', 'performed_on']),
          index('idx_workout_log_program_id', ['program_id']),
        ],
        foreignKeys: [
          foreignKey('workout_log', 'user_id', 'user'),
          foreignKey('workout_log', 'lesson_id', 'lesson', 'SET NULL'),
          foreignKey('workout_log', 'program_id', 'program', 'SET NULL'),
        ],
      },
    ),
    entityTable(
      'body_measurement',
      [
        { name: 'user_id', type: 'integer' },
        { name: 'measured_on', type: 'varchar', length: '10' },
        { name: 'weight', type: 'float', isNullable: true },
        { name: 'body_fat', type: 'float', isNullable: true },
        { name: 'waist', type: 'float', isNullable: true },
        { name: 'hips', type: 'float', isNullable: true },
        { name: 'chest', type: 'float', isNullable: true },
        { name: 'arm', type: 'float', isNullable: true },
        { name: 'thigh', type: 'float', isNullable: true },
      ],
      {
        indices: [
          index('uq_body_measurement_user_id_measured_on', ['user_id', 'measured_on'], { unique: true }),
        ],
        foreignKeys: [foreignKey('body_measurement', 'user_id', 'user')],
      },
    ),
    entityTable(
      'progress_photo',
      [
        { name: 'user_id', type: 'integer' },
        { name: 'taken_on', type: 'varchar', length: '10' },
        { name: 'pose', type: 'varchar', length: '5' },
        { name: 'file', type: 'varchar', length: '255' },
        { name: 'width', type: 'integer' },
        { name: 'height', type: 'integer' },
      ],
      {
        indices: [
          index('uq_progress_photo_user_id_taken_on_pose', ['user_id', 'taken_on', 'pose'], { unique: true }),
        ],
        foreignKeys: [foreignKey('progress_photo', 'user_id', 'user')],
      },
    ),
    entityTable(
      'record_share',
      [
        { name: 'user_id', type: 'integer' },
        { name: 'trainer_id', type: 'integer' },
        { name: 'logs', type: 'boolean' },
        { name: 'measurements', type: 'boolean' },
        { name: 'photos', type: 'boolean' },
      ],
      {
        indices: [
          index('uq_record_share_user_id_trainer_id', ['user_id', 'trainer_id'], { unique: true }),
          index('idx_record_share_trainer_id', ['trainer_id']),
        ],
        foreignKeys: [
          foreignKey('record_share', 'user_id', 'user'),
          foreignKey('record_share', 'trainer_id', 'trainer'),
        ],
      },
    ),
  ];

  public override async up(queryRunner: QueryRunner): Promise<void> {
    await super.up(queryRunner);
    await queryRunner.addColumn('chat_message', WORKOUT_LOG_COLUMN);
    await queryRunner.createIndex('chat_message', WORKOUT_LOG_INDEX);
    await queryRunner.createForeignKey(
      'chat_message',
      foreignKey('chat_message', 'workout_log_id', 'workout_log', 'SET NULL'),
    );
    await queryRunner.query(
      `INSERT INTO body_measurement (user_id, measured_on, weight, body_fat, created_at, updated_at)
       SELECT user_id, ${datePart(queryRunner, 'updated_at')}, weight, body_fat, updated_at, updated_at
       FROM profile WHERE weight IS NOT NULL OR body_fat IS NOT NULL`,
    );
    await analyzeTables(queryRunner, ANALYZED);
  }

  public override async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropForeignKey('chat_message', 'fk_chat_message_workout_log_id');
    await queryRunner.dropIndex('chat_message', WORKOUT_LOG_INDEX.name ?? '');
    await queryRunner.dropColumn('chat_message', WORKOUT_LOG_COLUMN);
    await super.down(queryRunner);
    await analyzeTables(queryRunner, ANALYZED);
  }
}
