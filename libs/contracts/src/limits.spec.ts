import {
  AGE,
  BODY_FAT_PERCENT,
  EMAIL_PATTERN,
  EMAIL_REGEX,
  EXPERIENCE_YEARS,
  HEIGHT_CM,
  NAME_PATTERN,
  NAME_REGEX,
  PASSWORD,
  PHONE_PATTERN,
  PHONE_REGEX,
  PROGRAM_DURATION_DAYS,
  PROGRAM_PRICE,
  TOKEN_COOKIE_MAX_AGE_SECONDS,
  WEIGHT_KG,
  htmlRange,
} from './limits.js';

describe('docs/product.md §5 ranges', () => {
  it('matches the spec', () => {
    expect(AGE).toEqual({ min: 12, max: 120 });
    expect(HEIGHT_CM).toEqual({ min: 100, max: 200 });
    expect(WEIGHT_KG).toEqual({ min: 0, max: 500 });
    expect(PROGRAM_DURATION_DAYS.min).toBe(1);
    expect(PROGRAM_PRICE.min).toBe(1);
    expect(EXPERIENCE_YEARS.min).toBe(0);
    expect(TOKEN_COOKIE_MAX_AGE_SECONDS).toBe(604800);
  });

  it.each([
    ['AGE', AGE],
    ['HEIGHT_CM', HEIGHT_CM],
    ['WEIGHT_KG', WEIGHT_KG],
    ['BODY_FAT_PERCENT', BODY_FAT_PERCENT],
    ['PROGRAM_DURATION_DAYS', PROGRAM_DURATION_DAYS],
    ['PROGRAM_PRICE', PROGRAM_PRICE],
    ['EXPERIENCE_YEARS', EXPERIENCE_YEARS],
  ] as const)('%s is a non-empty range', (_name, range) => {
    expect(range.min).toBeLessThan(range.max);
  });

  it('has a password length range', () => {
    expect(PASSWORD.minLength).toBeLessThan(PASSWORD.maxLength);
  });
});

describe('PHONE_REGEX', () => {
  it('accepts exactly 10 digits', () => {
    expect(PHONE_REGEX.test('9876543210')).toBe(true);
  });

  it.each(['98765', '98765432101', '98765abcde', '+919876543', '98765 43210', ''])('refuses %p', (phone) => {
    expect(PHONE_REGEX.test(phone)).toBe(false);
  });
});

describe('EMAIL_REGEX', () => {
  it.each(['a@b.co', 'john.doe@example.com', 'x@y.z', 'first+tag@mail.example.co.uk', "o'brien@x-y.io"])(
    'accepts %p',
    (email) => {
      expect(EMAIL_REGEX.test(email)).toBe(true);
    },
  );

  it.each(['a b@c.d', 'ab.c', 'a@b', 'a@@b.c', '@b.c', 'a@b.', ' a@b.c', 'a@.b.c', 'a@b..c', 'a@b.c@d.e'])(
    'refuses %p',
    (email) => {
      expect(EMAIL_REGEX.test(email)).toBe(false);
    },
  );

  // Inputs that make a backtracking pattern quadratic.
  it.each([
    ['dots between two @', `a@${'.'.repeat(200_000)}@`],
    ['labels without an end', `a@${'b.'.repeat(100_000)}@`],
    ['a domain broken by a space', `a@b${'.c'.repeat(100_000)} `],
  ])('answers %s of 200,000 characters at once', (_name, email) => {
    const started = performance.now();
    expect(EMAIL_REGEX.test(email)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('NAME_REGEX', () => {
  it.each([
    'Ann',
    'Zoë',
    'Martínez',
    "O'Brien",
    'O’Neil',
    'Mary Ann',
    'Smith-Jones',
    'J. R.',
    'Αλέξανδρος',
    'देवनागरी',
    '김민준',
  ])('accepts %p', (name) => {
    expect(NAME_REGEX.test(name)).toBe(true);
  });

  it.each(['Ann1', 'Ann_Marie', 'a@b', '...', "'-", '', 'Ann\u0000'])('refuses %p', (name) => {
    expect(NAME_REGEX.test(name)).toBe(false);
  });
});

describe('HTML patterns', () => {
  // Browsers compile `pattern` with the `v` flag and ignore an attribute that fails to compile, which would let any
  // value through the form.
  it.each([
    ['PHONE_PATTERN', PHONE_PATTERN, '9876543210', '98765'],
    ['EMAIL_PATTERN', EMAIL_PATTERN, 'a@b.co', 'a b@c.d'],
    ['NAME_PATTERN', NAME_PATTERN, 'Zoë Smith-O’Neil', 'Ann1'],
  ])('%s compiles as an HTML pattern and agrees with its RegExp', (_name, pattern, good, bad) => {
    const html = new RegExp(`^(?:${pattern})$`, 'v');
    expect(html.test(good)).toBe(true);
    expect(html.test(bad)).toBe(false);
  });
});

describe('htmlRange', () => {
  it('gives min and max for an input', () => {
    expect(htmlRange(AGE)).toEqual({ min: 12, max: 120 });
  });

  it('leaves out max when there is none', () => {
    const range = htmlRange({ min: 1 });
    expect(range).toEqual({ min: 1 });
    expect(Object.keys(range)).toEqual(['min']);
  });
});
