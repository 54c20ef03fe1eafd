import { describe, expect, it } from '@jest/globals';
import { isReviewIntent, REVIEW_INTENTS, reviewSort, starsLabel, starsText } from './reviews';

describe('reviews on the programme page', () => {
  it('lists the most helpful first only when asked, newest first otherwise', () => {
    expect(reviewSort(new URLSearchParams('reviews=helpful'))).toBe('helpful');
    expect(reviewSort(new URLSearchParams('reviews=best'))).toBe('newest');
    expect(reviewSort(new URLSearchParams(''))).toBe('newest');
  });

  it('shows stars as five characters, a standing rounded to whole stars, and reads them out', () => {
    expect(starsText(4)).toBe('★★★★☆');
    expect(starsText(4.6)).toBe('★★★★★');
    expect(starsText(1)).toBe('★☆☆☆☆');
    expect(starsLabel(3)).toBe('3 of 5 stars');
  });

  it('knows its own form intents from the checkout’s', () => {
    expect(isReviewIntent(REVIEW_INTENTS.answer)).toBe(true);
    expect(isReviewIntent('pay-paypal')).toBe(false);
  });
});
