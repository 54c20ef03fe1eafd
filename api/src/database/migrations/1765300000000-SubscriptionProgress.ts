import type { QueryRunner } from 'typeorm';
import { analyzeTables } from '../../common/database/statistics.js';
import { AddColumnsMigration } from './columns.js';

/** A member's completions of the subscription's programme: the latest, and the one that left no lesson to do. */
const LATEST = `(SELECT MAX(c.completed_at) FROM lesson_completion c INNER JOIN lesson l ON l.id = c.lesson_id
  WHERE c.user_id = subscription.user_id AND l.program_id = subscription.program_id)`;
const DONE = `(SELECT COUNT(*) FROM lesson_completion c INNER JOIN lesson l ON l.id = c.lesson_id
  WHERE c.user_id = subscription.user_id AND l.program_id = subscription.program_id)`;
const LESSONS = '(SELECT COUNT(*) FROM lesson l WHERE l.program_id = subscription.program_id)';

/**
 * A subscription keeps when its member last completed a lesson of the programme and when they finished it, so that
 * a trainer's insights (docs/product.md §2.16) read them from the subscriptions rather than counting completions.
 * Existing subscriptions are filled in from the completions.
 */
export class SubscriptionProgress1765300000000 extends AddColumnsMigration {
  name = 'SubscriptionProgress1765300000000';

  protected readonly table = 'subscription';
  protected readonly columns = [
    { name: 'last_completed_at', type: 'datetime', isNullable: true },
    { name: 'finished_at', type: 'datetime', isNullable: true },
  ];

  public override async up(queryRunner: QueryRunner): Promise<void> {
    await super.up(queryRunner);
    await queryRunner.query(`UPDATE subscription SET last_completed_at = ${LATEST}`);
    await queryRunner.query(
      `UPDATE subscription SET finished_at = last_completed_at
       WHERE last_completed_at IS NOT NULL AND ${DONE} >= ${LESSONS}`,
    );
    await analyzeTables(queryRunner, ['subscription']);
  }
}
