import { type QueryRunner, TableColumn } from 'typeorm';
import { analyzeTables } from '../../common/database/statistics.js';
import { CreateTablesMigration, entityTable, foreignKey, index } from './columns.js';

/** A programme's standing, kept with it so that lists and pages read it without counting its reviews. */
const PROGRAM_COLUMNS = [
  new TableColumn({ name: 'review_count', type: 'integer', default: 0 }),
  new TableColumn({ name: 'stars_total', type: 'integer', default: 0 }),
];

const ANALYZED = ['review', 'review_vote', 'review_report', 'program'];

/**
 * Verified reviews (docs/product.md): one per member and programme, the trainer's answer inside it; members' votes
 * that a review helped and their reports; superusers hide a review, which keeps it out of lists and standings.
 */
export class Reviews1765100000000 extends CreateTablesMigration {
  name = 'Reviews1765100000000';

  protected readonly tables = [
    entityTable(
      'review',
      [
        { name: 'program_id', type: 'integer' },
        { name: 'user_id', type: 'integer' },
        { name: 'stars', type: 'integer' },
        { name: 'title', type: 'varchar', length: '120' },
        { name: 'text', type: 'text' },
        { name: 'helpful_count', type: 'integer', default: 0 },
        { name: 'answer', type: 'text', isNullable: true },
        { name: 'answered_at', type: 'datetime', isNullable: true },
        { name: 'hidden', type: 'boolean', default: false },
        { name: 'hidden_reason', type: 'varchar', length: '500', isNullable: true },
      ],
      {
        indices: [
          index('uq_review_program_id_user_id', ['program_id', 'user_id'], { unique: true }),
          // A programme's visible reviews, newest first or most helpful first: each a walk of its index.
          index('idx_review_program_id_hidden_id', ['program_id', 'hidden', 'id']),
          index('idx_review_program_id_hidden_helpful_count_id', [
            'program_id',
            'hidden',
            'helpful_count',
            'id',
          ]),
          index('idx_review_user_id', ['user_id']),
        ],
        foreignKeys: [foreignKey('review', 'program_id', 'program'), foreignKey('review', 'user_id', 'user')],
      },
    ),
    entityTable(
      'review_vote',
      [
        { name: 'review_id', type: 'integer' },
        { name: 'user_id', type: 'integer' },
      ],
      {
        indices: [
          index('uq_review_vote_review_id_user_id', ['review_id', 'user_id'], { unique: true }),
          index('idx_review_vote_user_id', ['user_id']),
        ],
        foreignKeys: [
          foreignKey('review_vote', 'review_id', 'review'),
          foreignKey('review_vote', 'user_id', 'user'),
        ],
      },
    ),
    entityTable(
      'review_report',
      [
        { name: 'review_id', type: 'integer' },
        { name: 'user_id', type: 'integer' },
        { name: 'reason', type: 'varchar', length: '500' },
        { name: 'resolved', type: 'boolean', default: false },
      ],
      {
        indices: [
          index('uq_review_report_review_id_user_id', ['review_id', 'user_id'], { unique: true }),
          // The open reports, oldest first.
          index('idx_review_report_resolved_id', ['resolved', 'id']),
          index('idx_review_report_user_id', ['user_id']),
        ],
        foreignKeys: [
          foreignKey('review_report', 'review_id', 'review'),
          foreignKey('review_report', 'user_id', 'user'),
        ],
      },
    ),
  ];

  public override async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('program', PROGRAM_COLUMNS);
    await super.up(queryRunner);
    await analyzeTables(queryRunner, ANALYZED);
  }

  public override async down(queryRunner: QueryRunner): Promise<void> {
    await super.down(queryRunner);
    await queryRunner.dropColumns('program', [...PROGRAM_COLUMNS].reverse());
    await analyzeTables(
      queryRunner,
      ANALYZED.filter((table) => table === 'program'),
    );
  }
}
