import type { ReviewReportResponse, ReviewResponse } from '@fitcoach/contracts';
import type { ReviewReportEntity } from './review-report.entity.js';
import type { ReviewEntity } from './review.entity.js';

/** Reviews are public: the author shows as their first name and the initial of their last ("Anna K."). */
export function authorName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0);
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}

/** A review loaded with its author. */
export function toReviewResponse(review: ReviewEntity): ReviewResponse {
  const { user } = review;
  if (!user) throw new Error(`Review ${review.id} was loaded without its author`);
  return {
    id: review.id,
    program: review.programId,
    author: { id: user.id, name: authorName(user.firstName, user.lastName) },
    stars: review.stars,
    title: review.title,
    text: review.text,
    helpful_count: review.helpfulCount,
    answer:
      review.answer === null || review.answeredAt === null
        ? null
        : { text: review.answer, answered_at: review.answeredAt.toISOString() },
    created_at: review.createdAt.toISOString(),
    updated_at: review.updatedAt.toISOString(),
  };
}

/** A report loaded with its reporter and its review's author. */
export function toReviewReportResponse(report: ReviewReportEntity): ReviewReportResponse {
  const { user, review } = report;
  if (!user || !review) throw new Error(`Report ${report.id} was loaded without its reporter or review`);
  return {
    id: report.id,
    reason: report.reason,
    reporter: { id: user.id, name: authorName(user.firstName, user.lastName) },
    review: { ...toReviewResponse(review), hidden: review.hidden },
    created_at: report.createdAt.toISOString(),
  };
}
