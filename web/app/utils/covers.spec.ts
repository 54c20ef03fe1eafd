import { describe, expect, it } from '@jest/globals';
import { coverInitials, coverStyle } from './covers';

describe(coverInitials.name, () => {
  it.each([
    ['Morning Mobility Basics', 'MM'],
    ['yoga', 'Y'],
    ['  5k  runner plan', '5R'],
    ['Élan vital', 'ÉV'],
    ['!!!', '?'],
  ])('%p is %p', (name, initials) => {
    expect(coverInitials(name)).toBe(initials);
  });
});

describe(coverStyle.name, () => {
  it('differs between two programmes of one category and keeps the category colour', () => {
    const first = coverStyle({ id: 1, category: 'Yoga' });
    const second = coverStyle({ id: 2, category: 'Yoga' });
    expect(first.background).not.toBe(second.background);
    expect(String(first.background)).toContain('hsl(160 60% 30%)');
    expect(String(second.background)).toContain('hsl(160 60% 30%)');
  });

  it('colours categories apart, an unknown one as Other', () => {
    expect(coverStyle({ id: 1, category: 'Cardio' }).background).not.toBe(
      coverStyle({ id: 1, category: 'Yoga' }).background,
    );
    expect(coverStyle({ id: 3, category: 'Unheard of' })).toEqual(coverStyle({ id: 3, category: 'Other' }));
  });
});
