import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate } from 'class-validator';
import {
  CATALOGUE_MESSAGES,
  CreateProgramDto,
  NEW_PROGRAM_FIELDS,
  PROGRAM_FIELDS,
  ProgramListQueryDto,
  TrainerRegistrationDto,
  UpdateProgramDto,
} from './catalogue.dto.js';
import { reportedMessage } from './reported-error.js';

/** What the API's validation pipe makes of a request: the transformed DTO and the reported error of each field. */
async function validated<T extends object>(dto: new () => T, input: Record<string, unknown>) {
  const value = plainToInstance(dto, input);
  const errors = await validate(value, { whitelist: true });
  return {
    value,
    errors: errors.map((error) => ({ field: error.property, message: reportedMessage(error.constraints) })),
  };
}

const errorsOf = async <T extends object>(dto: new () => T, input: Record<string, unknown>) =>
  (await validated(dto, input)).errors;

const FORM = {
  program_name: ' Sunrise Yoga ',
  description: ' Thirty mornings. ',
  duration: '30',
  price: '49',
  category: ' Yoga ',
  level: 'Intermediate',
};

/** FORM as both DTOs take it. */
const PARSED_FORM = {
  program_name: 'Sunrise Yoga',
  description: 'Thirty mornings.',
  duration: 30,
  price: 49,
  category: 'Yoga',
  level: 'Intermediate',
};

describe('CreateProgramDto', () => {
  it('trims the texts, reads the numbers and keeps the choices', async () => {
    const { value, errors } = await validated(CreateProgramDto, FORM);
    expect(errors).toEqual([]);
    expect({ ...value }).toEqual({ ...PARSED_FORM, currency: 'USD', unlock: 'all' });
  });

  it("opens the lessons all at once unless told 'daily', and refuses any other unlock", async () => {
    expect((await validated(CreateProgramDto, { ...FORM, unlock: ' daily ' })).value.unlock).toBe('daily');
    expect((await validated(CreateProgramDto, { ...FORM, unlock: '' })).value.unlock).toBe('all');
    expect(await errorsOf(CreateProgramDto, { ...FORM, unlock: 'weekly' })).toEqual([
      { field: 'unlock', message: CATALOGUE_MESSAGES.unlock },
    ]);
  });

  it('defaults an absent category to Other and level to Beginner', async () => {
    for (const absent of [{}, { category: 'null', level: '' }]) {
      const { value } = await validated(CreateProgramDto, {
        ...FORM,
        category: undefined,
        level: undefined,
        ...absent,
      });
      expect(value).toMatchObject({ category: 'Other', level: 'Beginner' });
    }
  });

  it('requires the texts and the numbers', async () => {
    expect(await errorsOf(CreateProgramDto, {})).toEqual([
      { field: 'program_name', message: 'program_name is required' },
      { field: 'description', message: 'description is required' },
      { field: 'duration', message: CATALOGUE_MESSAGES.duration },
      { field: 'price', message: CATALOGUE_MESSAGES.price },
    ]);
  });

  it.each([
    ['program_name', '  ', 'program_name is required'],
    ['program_name', 42, 'program_name is required'],
    ['program_name', 'x'.repeat(256), 'program_name must be shorter than or equal to 255 characters'],
    ['description', '', 'description is required'],
    ['description', 'x'.repeat(5001), 'description must be shorter than or equal to 5000 characters'],
    ['duration', '0', CATALOGUE_MESSAGES.duration],
    ['duration', '2.5', CATALOGUE_MESSAGES.duration],
    ['duration', '3651', CATALOGUE_MESSAGES.duration],
    ['price', 'free', CATALOGUE_MESSAGES.price],
    ['price', '1000001', CATALOGUE_MESSAGES.price],
    ['category', 'Boxing', CATALOGUE_MESSAGES.category],
    ['level', 'Expert', CATALOGUE_MESSAGES.level],
    ['currency', 'GBP', CATALOGUE_MESSAGES.currency],
    ['price', '39.999', 'A price in USD has at most 2 decimals'],
  ])('refuses %s=%p with %p', async (field, input, message) => {
    expect(await errorsOf(CreateProgramDto, { ...FORM, [field]: input })).toEqual([{ field, message }]);
  });

  it.each([
    ['USD', '39.99', 39.99],
    ['EUR', '39.5', 39.5],
    ['INR', '1299.00', 1299],
    ['JPY', '3900', 3900],
  ])('takes a %s price of %s', async (currency, price, amount) => {
    const { value, errors } = await validated(CreateProgramDto, { ...FORM, currency, price });
    expect(errors).toEqual([]);
    expect(value).toMatchObject({ currency, price: amount });
  });

  it('refuses a JPY price with decimals', async () => {
    expect(await errorsOf(CreateProgramDto, { ...FORM, currency: 'JPY', price: '3900.5' })).toEqual([
      { field: 'price', message: 'A price in JPY is a whole amount, without decimals' },
    ]);
  });
});

describe('UpdateProgramDto', () => {
  it('leaves absent fields out', async () => {
    const { value, errors } = await validated(UpdateProgramDto, {
      program_name: '  ',
      description: 'null',
      duration: 'undefined',
      category: '',
      unlock: '',
    });
    expect(errors).toEqual([]);
    expect(Object.values(value).filter((field) => field !== undefined)).toEqual([]);
  });

  it("changes the unlock to 'all' or 'daily' only", async () => {
    expect((await validated(UpdateProgramDto, { unlock: 'daily' })).value.unlock).toBe('daily');
    expect(await errorsOf(UpdateProgramDto, { unlock: 'DAILY' })).toEqual([
      { field: 'unlock', message: CATALOGUE_MESSAGES.unlock },
    ]);
  });

  it('trims and reads the fields that are there', async () => {
    const { value, errors } = await validated(UpdateProgramDto, FORM);
    expect(errors).toEqual([]);
    expect({ ...value }).toEqual(PARSED_FORM);
  });

  it.each([
    ['program_name', 42, 'program_name must be a string'],
    ['program_name', 'x'.repeat(256), 'program_name must be shorter than or equal to 255 characters'],
    ['description', 'x'.repeat(5001), 'description must be shorter than or equal to 5000 characters'],
    ['duration', '0', CATALOGUE_MESSAGES.duration],
    ['price', 'free', CATALOGUE_MESSAGES.price],
    ['category', 'Boxing', CATALOGUE_MESSAGES.category],
    ['level', 'Expert', CATALOGUE_MESSAGES.level],
  ])('refuses %s=%p with %p', async (field, input, message) => {
    expect(await errorsOf(UpdateProgramDto, { [field]: input })).toEqual([{ field, message }]);
  });
});

describe('ProgramListQueryDto', () => {
  it('takes a known category and level, trimmed', async () => {
    const { value, errors } = await validated(ProgramListQueryDto, { category: ' HIIT ', level: 'Advance' });
    expect(errors).toEqual([]);
    expect(value).toMatchObject({ category: 'HIIT', level: 'Advance' });
  });

  it('refuses unknown ones', async () => {
    expect(await errorsOf(ProgramListQueryDto, { category: 'Boxing', level: 'Expert' })).toEqual([
      { field: 'category', message: CATALOGUE_MESSAGES.category },
      { field: 'level', message: CATALOGUE_MESSAGES.level },
    ]);
  });
});

describe('TrainerRegistrationDto', () => {
  const REGISTRATION = { specalized: 'Yoga', phone: '9876543210', country: 'India' };

  it.each(['0', '80'])('takes %p years of experience', async (years) => {
    const { value, errors } = await validated(TrainerRegistrationDto, {
      ...REGISTRATION,
      experience_years: years,
    });
    expect(errors).toEqual([]);
    expect(value.experience_years).toBe(Number(years));
  });

  it.each([undefined, '-1', '81', '2.5', 'many'])('refuses %p years of experience', async (years) => {
    expect(await errorsOf(TrainerRegistrationDto, { ...REGISTRATION, experience_years: years })).toEqual([
      { field: 'experience_years', message: CATALOGUE_MESSAGES.experience },
    ]);
  });
});

describe("the lists of a programme's fields", () => {
  /** The properties `dto` declares, less those a trainer does not write as text (the file and the ignored ones). */
  const written = (dto: new () => object, unwritten: string[]) =>
    new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto, '', false, false)
        .map((rule) => rule.propertyName)
        .filter((name) => !unwritten.includes(name)),
    );

  it('name every field CreateProgramDto takes', () => {
    expect(new Set(NEW_PROGRAM_FIELDS)).toEqual(
      written(CreateProgramDto, ['cover_image', 'trainer', 'is_published']),
    );
  });

  it('name every field UpdateProgramDto takes; the currency is refused in an edit', () => {
    expect(new Set(PROGRAM_FIELDS)).toEqual(written(UpdateProgramDto, ['cover_image', 'currency']));
  });
});
