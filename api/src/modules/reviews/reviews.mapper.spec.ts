import { describe, expect, it } from '@jest/globals';
import { ratingOf } from '../programs/programs.mapper.js';
import { authorName } from './reviews.mapper.js';

describe('reviews mapper', () => {
  it('names an author by first name and last initial', () => {
    expect(authorName('Anna', 'kowalska')).toBe('Anna K.');
    expect(authorName(' Li ', '')).toBe('Li');
  });

  it('averages a programme’s standing to one decimal, and has none without reviews', () => {
    expect(ratingOf({ reviewCount: 3, starsTotal: 13 })).toEqual({ average: 4.3, count: 3 });
    expect(ratingOf({ reviewCount: 0, starsTotal: 0 })).toEqual({ average: null, count: 0 });
  });
});
