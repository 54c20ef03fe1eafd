import { describe, expect, it } from '@jest/globals';
import { MESSAGES } from './messages';
import {
  apiFieldErrors,
  EXPERIENCE_MESSAGE,
  hasErrors,
  isValidAge,
  isValidName,
  isValidPhone,
  textField,
  validateLogin,
  validateRegistration,
  validateTrainerRegistration,
} from './validation';

const registration = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'analytical1',
  password2: 'analytical1',
};

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

describe(validateRegistration.name, () => {
  it('accepts a complete registration', () => {
    expect(hasErrors(validateRegistration(registration))).toBe(false);
  });

  it('requires every field', () => {
    const errors = validateRegistration({
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      password2: '',
    });
    expect(errors).toEqual({
      first_name: MESSAGES.required,
      last_name: MESSAGES.required,
      email: MESSAGES.invalidEmail,
      password: expect.stringContaining('without spaces'),
    });
  });

  it('takes names of letters a to z only, as the API does', () => {
    expect(validateRegistration({ ...registration, last_name: "O'Hara" })).toEqual({
      last_name: MESSAGES.lettersOnly,
    });
  });

  it.each(['ada', 'ada@example', 'ada lovelace@example.com', '@example.com'])(
    'refuses the e-mail %s',
    (email) => {
      expect(validateRegistration({ ...registration, email }).email).toBe(MESSAGES.invalidEmail);
    },
  );

  it('refuses a password with a space or too short', () => {
    for (const password of ['analytical 1', 'short']) {
      expect(validateRegistration({ ...registration, password, password2: password }).password).toBeDefined();
    }
  });

  it("says the passwords don't match", () => {
    expect(validateRegistration({ ...registration, password2: 'analytical2' })).toEqual({
      password2: MESSAGES.passwordsDontMatch,
    });
  });
});

describe(validateLogin.name, () => {
  it('accepts an e-mail and a password', () => {
    expect(validateLogin({ email: 'ada@example.com', password: 'x' })).toEqual({});
  });

  it('refuses a malformed e-mail and an empty or spaced password', () => {
    expect(validateLogin({ email: 'ada', password: '' })).toEqual({
      email: MESSAGES.invalidEmail,
      password: MESSAGES.invalidLogin,
    });
    expect(validateLogin({ email: 'ada@example.com', password: 'a b' }).password).toBe(MESSAGES.invalidLogin);
  });
});

describe('profile checks', () => {
  it('takes names of letters a to z only', () => {
    expect(isValidName('Ada')).toBe(true);
    expect(isValidName('')).toBe(true);
    expect(isValidName('Ada-Marie')).toBe(false);
    expect(isValidName('Zoë')).toBe(false);
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

describe(validateTrainerRegistration.name, () => {
  const registration = {
    experience_years: '5',
    certifications: '',
    phone: '9876543210',
    specalized: 'Yoga',
    country: 'India',
    about: '',
  };

  it('accepts a complete registration, certifications and about being optional', () => {
    expect(validateTrainerRegistration(registration)).toEqual({});
    expect(validateTrainerRegistration({ ...registration, experience_years: '0' })).toEqual({});
  });

  it('names each refused field with docs/product.md §5 texts', () => {
    expect(
      validateTrainerRegistration({
        ...registration,
        experience_years: '-1',
        phone: '98765',
        specalized: '--none--',
        country: '',
      }),
    ).toEqual({
      experience_years: EXPERIENCE_MESSAGE,
      phone: MESSAGES.trainerPhone,
      specalized: 'Choose what you are specialised in',
      country: 'Choose your country',
    });
  });

  it.each(['', '2.5', 'ten', '81'])('refuses %j years of experience', (years) => {
    expect(validateTrainerRegistration({ ...registration, experience_years: years }).experience_years).toBe(
      EXPERIENCE_MESSAGE,
    );
  });
});
