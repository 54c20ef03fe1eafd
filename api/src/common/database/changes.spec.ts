import { describe, expect, it } from '@jest/globals';
import { definedOnly } from './changes.js';

describe(definedOnly.name, () => {
  it('leaves out undefined properties and keeps null, zero, false and empty strings', () => {
    expect(
      definedOnly({
        name: undefined,
        description: '',
        price: 0,
        published: false,
        image: null,
        level: 'Easy',
      }),
    ).toEqual({ description: '', price: 0, published: false, image: null, level: 'Easy' });
  });

  it('is empty when nothing is defined', () => {
    expect(Object.keys(definedOnly({ name: undefined, price: undefined }))).toEqual([]);
  });
});
