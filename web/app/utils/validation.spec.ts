import { describe, expect, it } from '@jest/globals';
import { apiFieldErrors, isValidAge, isValidName, isValidPhone, textField } from './validation';

describe(textField.name, () => {
  it('strips surrounding whitespace and reads files and missing fields as empty', () => {
    const form = new FormData();
    form.set('email', '  ada@example.com \n');
    form.set('picture', new File(['x'], 'a.png'));
    expect(textField(form, 'email')).toBe('ada@example.com');
    expect(textField(form, 'picture')).toBe('');
    expect(textField(form, 'missing')).toBe('');
  });
});

describe('profile checks', () => {
  it('takes names in any script, up to the length limit', () => {
    expect(isValidName('Ada')).toBe(true);
    expect(isValidName('')).toBe(true);
    expect(isValidName('Ada-Marie')).toBe(true);
    expect(isValidName('Zoe\u0308')).toBe(true);
    expect(isValidName('देवनागरी')).toBe(true);
    expect(isValidName('Ada2')).toBe(false);
    expect(isValidName('a'.repeat(51))).toBe(false);
  });

  it.each([
    ['', true],
    ['12', true],
    ['120', true],
    ['11', false],
    ['121', false],
    ['30.5', false],
  ])('age %j is valid: %s', (age, valid) => {
    expect(isValidAge(age)).toBe(valid);
  });

  it.each([
    ['', true],
    ['9876543210', true],
    ['987654321', false],
    ['98765432100', false],
    ['98765-4321', false],
  ])('phone %j is valid: %s', (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
  });
});

describe(apiFieldErrors.name, () => {
  it('keeps the first message of each field', () => {
    const errors = apiFieldErrors({
      statusCode: 400,
      message: 'Validation failed',
      errors: [
        { field: 'age', message: 'age must not be less than 12' },
        { field: 'age', message: 'age must be an integer' },
        { field: 'phone', message: 'phone must be 10 digits' },
      ],
    });
    expect(errors).toEqual({ age: 'age must not be less than 12', phone: 'phone must be 10 digits' });
  });

  it('is empty without field errors', () => {
    expect(apiFieldErrors({ statusCode: 409, message: 'Taken' })).toEqual({});
  });
});
