import { COUNTRIES, isCountry } from './countries.js';
import { SELECT_NONE } from './enums.js';

describe('COUNTRIES', () => {
  it('lists the 249 ISO 3166-1 entries', () => {
    expect(COUNTRIES).toHaveLength(249);
  });

  it('has no duplicates', () => {
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
  });

  it('is sorted alphabetically', () => {
    expect([...COUNTRIES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(COUNTRIES);
  });

  it('has no blank or padded names', () => {
    for (const name of COUNTRIES) expect(name).toBe(name.trim());
    expect(COUNTRIES).not.toContain('');
  });

  it.each(['India', 'United States', 'United Kingdom', 'Zimbabwe', 'Åland Islands', 'Afghanistan'])(
    'contains %s',
    (name) => {
      expect(COUNTRIES).toContain(name);
    },
  );

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(COUNTRIES)).toBe(true);
  });
});

describe('isCountry', () => {
  it('accepts every listed country', () => {
    expect(COUNTRIES.every(isCountry)).toBe(true);
  });

  it.each([SELECT_NONE, 'india', 'Narnia', ' India', '', null, undefined, 91])('refuses %p', (value) => {
    expect(isCountry(value)).toBe(false);
  });
});
