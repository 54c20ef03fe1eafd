/** Verified reviews (docs/product.md): who may write one, and their limits. */
export const REVIEW_LIMITS = {
  titleLength: 120,
  textLength: 2000,
  answerLength: 2000,
  reasonLength: 500,
  /** The share of a programme's lessons a member completed before they may review it, in %. */
  minProgress: 30,
} as const;

export const REVIEW_STARS = { min: 1, max: 5 } as const;

export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** A programme's or a trainer's standing: the mean of the visible reviews' stars (one decimal), null without any. */
export interface RatingSummary {
  average: number | null;
  count: number;
}

/** `GET /api/fitness_programs/{id}/reviews/` items and the answer of every review route. */
export interface ReviewResponse {
  id: number;
  program: number;
  author: { id: number; name: string };
  stars: number;
  title: string;
  text: string;
  helpful_count: number;
  /** The trainer's public answer, once given. */
  answer: { text: string; answered_at: string } | null;
  created_at: string;
  updated_at: string;
}

/** `GET /api/fitness_programs/{id}/reviews/`: a page of the visible reviews and the programme's standing. */
export interface ReviewListResponse {
  rating: RatingSummary;
  /** The caller's own review of the programme wherever it is listed (even hidden), null without one or signed out. */
  mine: (ReviewResponse & { hidden: boolean }) | null;
  count: number;
  page: number;
  page_size: number;
  results: ReviewResponse[];
}

/** `GET /api/admin/reviews/reports/` items: the open reports, each with the review it is about. */
export interface ReviewReportResponse {
  id: number;
  reason: string;
  reporter: { id: number; name: string };
  review: ReviewResponse & { hidden: boolean };
  created_at: string;
}

/** `GET /api/admin/reviews/hidden/` items: a hidden review and the reason a superuser gave. */
export interface HiddenReviewResponse extends ReviewResponse {
  hidden: true;
  hidden_reason: string | null;
}

export const REVIEW_MESSAGES = {
  programNotFound: 'Programme not found',
  notFound: 'Review not found',
  reportNotFound: 'Report not found',
  ownProgram: 'You cannot review your own programme',
  notSubscribed: 'Only members who subscribed to this programme can review it',
  tooEarly: (percentage: number) =>
    `Complete at least ${REVIEW_LIMITS.minProgress} % of the programme to review it (you have completed ${percentage} %)`,
  already: 'You have already reviewed this programme: edit your review instead',
  notTrainer: 'Only the programme’s trainer can answer its reviews',
  answered: 'This review already has an answer',
  ownReview: 'You cannot do this with your own review',
  reported: 'You have already reported this review',
} as const;
