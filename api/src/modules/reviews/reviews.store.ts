import type { EntityManager } from 'typeorm';
import { ProgramEntity } from '../programs/program.entity.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';
import { ReviewReportEntity } from './review-report.entity.js';
import { ReviewVoteEntity } from './review-vote.entity.js';
import { ReviewEntity } from './review.entity.js';

/**
 * Moves a programme's standing by `count` reviews and `stars` stars, in SQL, so concurrent writes all count; its
 * trainer's standing is then summed again over their programmes.
 */
export async function standing(
  manager: EntityManager,
  programId: number,
  count: number,
  stars: number,
): Promise<void> {
  if (count === 0 && stars === 0) return;
  await manager
    .createQueryBuilder()
    .update(ProgramEntity)
    .set({
      reviewCount: () => `review_count + ${Math.trunc(count)}`,
      starsTotal: () => `stars_total + ${Math.trunc(stars)}`,
      // A review is no edit of the programme: its date, and the pages dated by it, stay.
      updatedAt: () => 'updated_at',
    })
    .where('id = :programId', { programId })
    .execute();
  const program = await manager.findOne(ProgramEntity, {
    select: { trainerId: true },
    where: { id: programId },
  });
  if (!program) return;
  const { trainerId } = program;
  await manager
    .createQueryBuilder()
    .update(TrainerEntity)
    .set({
      reviewCount: () =>
        'COALESCE((SELECT SUM(p.review_count) FROM program p WHERE p.trainer_id = :trainerId), 0)',
      rating: () =>
        '(SELECT SUM(p.stars_total) * 1.0 / NULLIF(SUM(p.review_count), 0) FROM program p WHERE p.trainer_id = :trainerId)',
    })
    .where('id = :trainerId', { trainerId })
    .execute();
}

/**
 * A leaving account's reviews, votes and reports go with it (they name it, or count for it); the standings and
 * helpful counts they made are taken back.
 */
export async function eraseReviewsOf(manager: EntityManager, userId: number): Promise<void> {
  const votes = await manager.find(ReviewVoteEntity, {
    select: { id: true, reviewId: true },
    where: { userId },
  });
  for (const vote of votes) await manager.decrement(ReviewEntity, { id: vote.reviewId }, 'helpfulCount', 1);
  await manager.delete(ReviewVoteEntity, { userId });
  await manager.delete(ReviewReportEntity, { userId });
  const reviews = await manager.find(ReviewEntity, { where: { userId } });
  for (const review of reviews) {
    if (!review.hidden) await standing(manager, review.programId, -1, -review.stars);
  }
  await manager.delete(ReviewEntity, { userId });
}
