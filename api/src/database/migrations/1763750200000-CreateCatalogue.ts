import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { createdAt, foreignKey, idColumn, updatedAt } from './columns.js';

/** Trainers, their programmes, the programmes' lessons and publication requests (docs/product.md §3, §4). */
export class CreateCatalogue1763750200000 implements MigrationInterface {
  name = 'CreateCatalogue1763750200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'trainer',
        columns: [
          idColumn(),
          { name: 'user_id', type: 'integer' },
          { name: 'specialisation', type: 'varchar', length: '50' },
          { name: 'about', type: 'text' },
          { name: 'certifications', type: 'varchar', length: '500' },
          { name: 'experience_years', type: 'integer' },
          { name: 'rating', type: 'float', isNullable: true },
          { name: 'country', type: 'varchar', length: '100' },
          { name: 'phone', type: 'varchar', length: '20' },
          { name: 'profile_picture', type: 'varchar', length: '255', isNullable: true },
          createdAt(),
          updatedAt(),
        ],
        indices: [new TableIndex({ name: 'uq_trainer_user_id', columnNames: ['user_id'], isUnique: true })],
        foreignKeys: [foreignKey('trainer', 'user_id', 'user')],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'program',
        columns: [
          idColumn(),
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
          createdAt(),
          updatedAt(),
        ],
        indices: [
          new TableIndex({ name: 'idx_program_trainer_id', columnNames: ['trainer_id'] }),
          new TableIndex({ name: 'idx_program_is_published_id', columnNames: ['is_published', 'id'] }),
          new TableIndex({
            name: 'idx_program_is_published_category_level',
            columnNames: ['is_published', 'category', 'level'],
          }),
        ],
        foreignKeys: [foreignKey('program', 'trainer_id', 'trainer')],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'lesson',
        columns: [
          idColumn(),
          { name: 'program_id', type: 'integer' },
          { name: 'number', type: 'integer' },
          { name: 'title', type: 'varchar', length: '255' },
          { name: 'description', type: 'text', isNullable: true },
          { name: 'video_url', type: 'varchar', length: '500' },
          { name: 'video_id', type: 'varchar', length: '20' },
          { name: 'image', type: 'varchar', length: '255', isNullable: true },
          createdAt(),
          updatedAt(),
        ],
        indices: [
          new TableIndex({
            name: 'uq_lesson_program_id_number',
            columnNames: ['program_id', 'number'],
            isUnique: true,
          }),
        ],
        foreignKeys: [foreignKey('lesson', 'program_id', 'program')],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'publish_request',
        columns: [
          idColumn(),
          { name: 'program_id', type: 'integer' },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'decided_at', type: 'datetime', isNullable: true },
          createdAt(),
          updatedAt(),
        ],
        indices: [
          new TableIndex({
            name: 'uq_publish_request_program_id',
            columnNames: ['program_id'],
            isUnique: true,
          }),
          new TableIndex({ name: 'idx_publish_request_status', columnNames: ['status'] }),
        ],
        foreignKeys: [foreignKey('publish_request', 'program_id', 'program')],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('publish_request');
    await queryRunner.dropTable('lesson');
    await queryRunner.dropTable('program');
    await queryRunner.dropTable('trainer');
  }
}
