import { CreateTablesMigration, entityTable, foreignKey, index } from './columns.js';

/** Trainers, their programmes, the programmes' lessons and publication requests (docs/product.md §3, §4). */
export class CreateCatalogue1763750200000 extends CreateTablesMigration {
  name = 'CreateCatalogue1763750200000';

  protected readonly tables = [
    entityTable(
      'trainer',
      [
        { name: 'user_id', type: 'integer' },
        { name: 'specialisation', type: 'varchar', length: '50' },
        { name: 'about', type: 'text' },
        { name: 'certifications', type: 'varchar', length: '500' },
        { name: 'experience_years', type: 'integer' },
        { name: 'rating', type: 'float', isNullable: true },
        { name: 'country', type: 'varchar', length: '100' },
        { name: 'phone', type: 'varchar', length: '20' },
        { name: 'profile_picture', type: 'varchar', length: '255', isNullable: true },
      ],
      {
        indices: [index('uq_trainer_user_id', ['user_id'], { unique: true })],
        foreignKeys: [foreignKey('trainer', 'user_id', 'user')],
      },
    ),

    entityTable(
      'program',
      [
        { name: 'trainer_id', type: 'integer' },
        { name: 'name', type: 'varchar', length: '255' },
        { name: 'description', type: 'text' },
        { name: 'duration_days', type: 'integer' },
        { name: 'price_minor', type: 'integer' },
        { name: 'currency', type: 'varchar', length: '3' },
        { name: 'category', type: 'varchar', length: '50' },
        { name: 'level', type: 'varchar', length: '20' },
        { name: 'cover_image', type: 'varchar', length: '255', isNullable: true },
        { name: 'is_published', type: 'boolean', default: false },
      ],
      {
        indices: [
          index('idx_program_trainer_id', ['trainer_id']),
          index('idx_program_is_published_id', ['is_published', 'id']),
          index('idx_program_is_published_category_level', ['is_published', 'category', 'level']),
        ],
        foreignKeys: [foreignKey('program', 'trainer_id', 'trainer')],
      },
    ),

    entityTable(
      'lesson',
      [
        { name: 'program_id', type: 'integer' },
        { name: 'number', type: 'integer' },
        { name: 'title', type: 'varchar', length: '255' },
        { name: 'description', type: 'text', isNullable: true },
        { name: 'video_url', type: 'varchar', length: '500' },
        { name: 'video_id', type: 'varchar', length: '20' },
        { name: 'image', type: 'varchar', length: '255', isNullable: true },
      ],
      {
        indices: [index('uq_lesson_program_id_number', ['program_id', 'number'], { unique: true })],
        foreignKeys: [foreignKey('lesson', 'program_id', 'program')],
      },
    ),

    entityTable(
      'publish_request',
      [
        { name: 'program_id', type: 'integer' },
        { name: 'status', type: 'varchar', length: '20' },
        { name: 'decided_at', type: 'datetime', isNullable: true },
      ],
      {
        indices: [
          index('uq_publish_request_program_id', ['program_id'], { unique: true }),
          index('idx_publish_request_status', ['status']),
        ],
        foreignKeys: [foreignKey('publish_request', 'program_id', 'program')],
      },
    ),
  ];
}
