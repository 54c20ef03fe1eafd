import { completionPercentage, currentYear, excerpt, fullName, progressDegrees } from './text.js';

const words = (n: number): string => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');

describe('excerpt', () => {
  it('keeps the first 20 words and marks the cut with ...', () => {
    expect(excerpt(words(25))).toBe(`${words(20)}...`);
  });

  it('leaves a text of exactly 20 words without an ellipsis', () => {
    expect(excerpt(words(20))).toBe(words(20));
  });

  it('leaves a short text unchanged', () => {
    expect(excerpt('Certified coach for ten years.')).toBe('Certified coach for ten years.');
  });

  it('collapses whitespace, including newlines and tabs, and trims', () => {
    expect(excerpt('  Strong \n\n and\tfit   ')).toBe('Strong and fit');
  });

  it('counts words after collapsing whitespace', () => {
    expect(excerpt(`  ${words(3).replaceAll(' ', '\n\t ')}  `, 2)).toBe('w1 w2...');
  });

  it('honours a custom word count', () => {
    expect(excerpt(words(5), 3)).toBe('w1 w2 w3...');
  });

  it.each([null, undefined, '', '   \n '])('returns an empty string for %p', (text) => {
    expect(excerpt(text)).toBe('');
  });
});

describe('progressDegrees', () => {
  it('turns a percentage into degrees of the progress circle', () => {
    expect(progressDegrees(0)).toBe(0);
    expect(progressDegrees(50)).toBe(180);
    expect(progressDegrees(100)).toBe(360);
    expect(progressDegrees(12.5)).toBeCloseTo(45);
  });

  it('clamps to 0..100 percent', () => {
    expect(progressDegrees(-10)).toBe(0);
    expect(progressDegrees(150)).toBe(360);
    expect(progressDegrees(Infinity)).toBe(360);
  });

  it('draws an empty circle for NaN', () => {
    expect(progressDegrees(Number.NaN)).toBe(0);
  });
});

describe('fullName', () => {
  it('joins first and last name with one space', () => {
    expect(fullName('John', 'Doe')).toBe('John Doe');
  });

  it('trims both parts', () => {
    expect(fullName('  John ', ' Doe  ')).toBe('John Doe');
  });

  it.each(['', null, undefined, '   '])('gives only the first name when the last name is %p', (last) => {
    expect(fullName('John', last)).toBe('John');
  });

  it('gives only the last name when the first name is empty, and "" when both are', () => {
    expect(fullName('', 'Doe')).toBe('Doe');
    expect(fullName(null, undefined)).toBe('');
  });
});

describe('currentYear', () => {
  it('reads the year of the given date', () => {
    expect(currentYear(new Date(2031, 5, 15))).toBe(2031);
  });

  it('defaults to now', () => {
    expect(currentYear()).toBe(new Date().getFullYear());
  });
});

describe('completionPercentage', () => {
  it.each([
    [0, 3, 0],
    [1, 3, 33],
    [2, 3, 67],
    [3, 3, 100],
    [1, 4, 25],
    [1, 300, 1],
    [199, 200, 99],
    [5, 3, 100],
    [0, 0, 0],
  ])('%i of %i lessons is %i %%', (done, total, percent) => {
    expect(completionPercentage(done, total)).toBe(percent);
  });
});
