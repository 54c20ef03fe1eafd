import {
  CURRENCIES,
  CURRENCY_LABELS,
  DEFAULT_CURRENCY,
  DEFAULT_PROGRAM_CATEGORY,
  DEFAULT_PROGRAM_LEVEL,
  PROGRAM_CATEGORIES,
  PROGRAM_LEVELS,
  ROLES,
  SELECT_NONE,
  TRAINER_SPECIALISATIONS,
  isCurrency,
  isProgramCategory,
  isProgramLevel,
  isTrainerSpecialisation,
} from './enums.js';

describe('enums', () => {
  it("keeps the spec's spellings", () => {
    expect(PROGRAM_LEVELS).toEqual(['Beginner', 'Intermediate', 'Advance']);
    // Joined, as one line each: the lists are the spec's wording, compared letter for letter.
    expect(PROGRAM_CATEGORIES.join('|')).toBe(
      'Weight Loss|Strength Training|Cardio|Yoga|Pilates|HIIT|CrossFit|Other',
    );
    expect(TRAINER_SPECIALISATIONS.join('|')).toBe(
      'General_fitness|Yoga|Meditation|Diet|Calisthenics|Weight Training|Cardio|Others',
    );
    expect(CURRENCIES).toEqual(['USD', 'EUR', 'JPY', 'INR']);
    expect(ROLES).toEqual(['trainer', 'superuser']);
  });

  it('has every default among the members of its enum', () => {
    expect(PROGRAM_LEVELS).toContain(DEFAULT_PROGRAM_LEVEL);
    expect(PROGRAM_CATEGORIES).toContain(DEFAULT_PROGRAM_CATEGORY);
    expect(CURRENCIES).toContain(DEFAULT_CURRENCY);
    expect(DEFAULT_PROGRAM_LEVEL).toBe('Beginner');
    expect(DEFAULT_PROGRAM_CATEGORY).toBe('Other');
    expect(DEFAULT_CURRENCY).toBe('USD');
  });

  it('labels every currency, EUR as Euro', () => {
    expect(Object.keys(CURRENCY_LABELS).sort()).toEqual([...CURRENCIES].sort());
    expect(CURRENCY_LABELS.EUR).toBe('Euro');
    expect(CURRENCY_LABELS.USD).toBe('USD');
    expect(CURRENCY_LABELS.JPY).toBe('Japanese yen');
    expect(CURRENCY_LABELS.INR).toBe('Indian rupee');
  });

  it('never lets the select placeholder pass as a value', () => {
    expect(SELECT_NONE).toBe('--none--');
    expect(isTrainerSpecialisation(SELECT_NONE)).toBe(false);
  });
});

describe('type guards', () => {
  it.each([
    ['isProgramLevel', isProgramLevel, PROGRAM_LEVELS],
    ['isProgramCategory', isProgramCategory, PROGRAM_CATEGORIES],
    ['isTrainerSpecialisation', isTrainerSpecialisation, TRAINER_SPECIALISATIONS],
    ['isCurrency', isCurrency, CURRENCIES],
  ] as const)('%s accepts every member', (_name, guard, members) => {
    for (const member of members) expect(guard(member)).toBe(true);
  });

  it.each([
    ['isProgramLevel', isProgramLevel, ['Advanced', 'beginner', ' Beginner']],
    ['isProgramCategory', isProgramCategory, ['other', 'Weightloss', 'Crossfit']],
    ['isTrainerSpecialisation', isTrainerSpecialisation, ['General fitness', 'Other', 'yoga']],
    ['isCurrency', isCurrency, ['usd', 'Euro', 'jpy', 'GBP']],
  ] as const)('%s refuses near misses in spelling and case', (_name, guard, values) => {
    for (const value of values) expect(guard(value)).toBe(false);
  });

  it.each([isProgramLevel, isProgramCategory, isTrainerSpecialisation, isCurrency])(
    'refuses non-strings',
    (guard) => {
      for (const value of [undefined, null, 0, {}, ['USD'], ['Beginner']]) expect(guard(value)).toBe(false);
    },
  );
});
