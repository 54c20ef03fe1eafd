import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, ValidationTypes, validateSync } from 'class-validator';
import { EMAIL_MAX_LENGTH } from '../limits.js';
import * as contracts from './index.js';
import { VALIDATION_MESSAGES } from '../validation-messages.js';
import { RegisterDto } from './users.dto.js';
import { reportedMessage } from './reported-error.js';

/** When a rule may run: what a value is (or that it is there), then its length, then its pattern or range. */
const STAGE: Record<string, number> = {
  isString: 0,
  isInt: 0,
  isNumber: 0,
  isNotEmpty: 0,
  isIn: 0,
  isBoolean: 0,
  minLength: 1,
  maxLength: 1,
  matches: 2,
  min: 2,
  max: 2,
  // A price's decimals, read once it is known to be a number in range.
  priceDecimals: 3,
  // A field that may not be sent at all.
  currencyFixed: 0,
  isArray: 0,
  arrayNotEmpty: 1,
  arrayMaxSize: 1,
  // A chat image may not come with a text; then what it is: bytes or a data URL.
  textOrImage: 0,
  imageBytes: 0,
  // A chat text: a string, not blank, of at most so many characters, in one rule with one refusal.
  chatText: 0,
  // A push endpoint: a string of bounded length first, then an http(s) URL.
  pushEndpoint: 2,
  // A browser's push keys: one object, checked whole.
  pushKeys: 0,
};

const dtoClasses = Object.entries(contracts).flatMap(([name, value]) => {
  if (typeof value !== 'function') return [];
  const rules = getMetadataStorage().getTargetValidationMetadatas(value, '', false, false);
  return rules.length > 0 ? [[name, rules] as const] : [];
});

describe('every DTO field', () => {
  it('finds the DTOs', () => {
    expect(dtoClasses.map(([name]) => name)).toEqual(
      expect.arrayContaining(['RegisterDto', 'UpdateUserDto', 'LessonFormDto', 'PaginationQueryDto']),
    );
  });

  it.each(dtoClasses)('%s checks type, then length, then pattern or range', (_name, rules) => {
    const byField = new Map<string, string[]>();
    for (const rule of rules) {
      if (rule.type !== ValidationTypes.CUSTOM_VALIDATION) continue;
      byField.set(rule.propertyName, [...(byField.get(rule.propertyName) ?? []), rule.name ?? '(unnamed)']);
    }
    const unstaged = [...byField.values()].flat().filter((name) => STAGE[name] === undefined);
    expect(unstaged).toEqual([]);
    for (const [field, names] of byField) {
      const inOrder = [...names].sort((a, b) => STAGE[a]! - STAGE[b]!);
      expect({ field, names }).toEqual({ field, names: inOrder });
    }
  });
});

describe('a field stopped at its first failed rule (as the API validates)', () => {
  const errorsOf = (input: Record<string, unknown>) =>
    validateSync(plainToInstance(RegisterDto, input), { stopAtFirstError: true });
  const VALID = { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', password: 'long-enough' };

  it('refuses an address too long by its length, never reaching the pattern', () => {
    const [error] = errorsOf({ ...VALID, email: `a@${'.'.repeat(EMAIL_MAX_LENGTH)}@` });
    expect(error?.constraints).toEqual({
      maxLength: `email must be shorter than or equal to ${EMAIL_MAX_LENGTH} characters`,
    });
  });

  it('refuses a value of the wrong type as missing', () => {
    const [error] = errorsOf({ ...VALID, first_name: 42 });
    expect(error?.constraints).toEqual({ isString: 'first_name is required' });
  });

  it('takes a name trimmed and NFC-normalised, so a combining diaeresis counts as one letter', () => {
    const decomposed = `  Zoe\u0308${'a'.repeat(46)}  `;
    const dto = plainToInstance(RegisterDto, { ...VALID, first_name: decomposed });
    expect(validateSync(dto, { stopAtFirstError: true })).toEqual([]);
    expect(dto.first_name).toBe(`Zoë${'a'.repeat(46)}`);
  });

  it('refuses a name of more than 50 characters with the name rule', () => {
    const [error] = errorsOf({ ...VALID, last_name: 'a'.repeat(51) });
    expect(error?.constraints).toEqual({ maxLength: VALIDATION_MESSAGES.name });
  });

  it('refuses a short text by its pattern', () => {
    const [error] = errorsOf({ ...VALID, email: 'ann@example' });
    expect(error?.constraints).toEqual({ matches: VALIDATION_MESSAGES.email });
  });
});

describe('reportedMessage', () => {
  it('is the first rule that failed, the one listed first', () => {
    const [error] = validateSync(plainToInstance(RegisterDto, { first_name: 'A'.repeat(300) + '1' }));
    expect(Object.keys(error?.constraints ?? {})).toEqual(['maxLength', 'matches']);
    expect(reportedMessage(error?.constraints)).toBe(VALIDATION_MESSAGES.name);
  });

  it('is nothing when no rule failed', () => {
    expect(reportedMessage(undefined)).toBeUndefined();
  });
});
