import { REVIEW_SORTS, type ReviewSort } from '@fitcoach/contracts';

// The programme page's review forms (docs/product.md §2), shared by the page and its action.

/** Reviews a page of the programme page lists. */
export const REVIEWS_PAGE_SIZE = 10;

export const REVIEW_INTENTS = {
  write: 'review-write',
  edit: 'review-edit',
  remove: 'review-delete',
  answer: 'review-answer',
  helpful: 'review-helpful',
  report: 'review-report',
} as const;
export type ReviewIntent = (typeof REVIEW_INTENTS)[keyof typeof REVIEW_INTENTS];

export function isReviewIntent(intent: string): intent is ReviewIntent {
  return (Object.values(REVIEW_INTENTS) as string[]).includes(intent);
}

/** `?reviews=helpful` lists the most helpful first; newest first otherwise. */
export function reviewSort(params: URLSearchParams): ReviewSort {
  const asked = params.get('reviews');
  return REVIEW_SORTS.find((sort) => sort === asked) ?? 'newest';
}

/** "4 of 5 stars", and the same as five characters for the eye. */
export function starsLabel(stars: number): string {
  return `${stars} of 5 stars`;
}

export function starsText(stars: number): string {
  const whole = Math.round(stars);
  return '★'.repeat(whole) + '☆'.repeat(5 - whole);
}
