import type { EntityManager } from 'typeorm';
import { ProgramEntity } from '../programs/program.entity.js';
import { ReviewReportEntity } from './review-report.entity.js';
import { ReviewVoteEntity } from './review-vote.entity.js';
import { ReviewEntity } from './review.entity.js';

/** Moves a programme's standing by `count` reviews and `stars` stars, in SQL, so concurrent writes all count. */
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
