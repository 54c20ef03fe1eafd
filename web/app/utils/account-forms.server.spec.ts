import { describe, expect, it } from '@jest/globals';
import { TEXT_MAX_LENGTH } from '@fitcoach/contracts';
import {
  validateEmail,
  validateLogin,
  validateRegistration,
  validateTrainerRegistration,
} from './account-forms.server';
import { MESSAGES } from './messages';
import { EXPERIENCE_MESSAGE, hasErrors } from './validation';

const registration = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'analytical1',
  password2: 'analytical1',
};

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

  it.each(['Zoë', 'Martínez', "O'Brien", 'Mary Ann', 'Smith-Jones', 'Αλέξανδρος', 'देवनागरी'])(
    'takes the name %s, as the API does',
    (last_name) => {
      expect(validateRegistration({ ...registration, last_name })).toEqual({});
    },
  );

  it.each(['Ada1', 'a'.repeat(51)])('refuses the name %s with the name rule', (first_name) => {
    expect(validateRegistration({ ...registration, first_name })).toEqual({ first_name: MESSAGES.name });
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

describe(validateEmail.name, () => {
  it("takes an address and refuses what is not one, in the form's words", () => {
    expect(validateEmail('ada@example.com')).toEqual({});
    expect(validateEmail('ada@example')).toEqual({ email: MESSAGES.invalidEmail });
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

  it('words a rule the form has no text for as the API does, from the DTO', () => {
    const about = 'a'.repeat(TEXT_MAX_LENGTH.about + 1);
    expect(validateTrainerRegistration({ ...registration, about })).toEqual({
      about: `about must be shorter than or equal to ${TEXT_MAX_LENGTH.about} characters`,
    });
  });
});
