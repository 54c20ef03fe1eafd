import type { QueryRunner } from 'typeorm';
import { analyzeTables } from '../../common/database/statistics.js';
import { AddColumnsMigration } from './columns.js';

/**
 * The member's latest completion in the subscription's programme while it ran (a member who subscribed again keeps
 * the earlier subscription's completions, which belong to that one), and how many lessons they completed in all.
 */
const LATEST = `(SELECT MAX(c.completed_at) FROM lesson_completion c INNER JOIN lesson l ON l.id = c.lesson_id
  WHERE c.user_id = subscription.user_id AND l.program_id = subscription.program_id
  AND c.completed_at >= subscription.started_at
  AND (subscription.ended_at IS NULL OR c.completed_at <= subscription.ended_at))`;
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
