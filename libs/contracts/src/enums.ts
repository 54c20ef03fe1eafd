// The spec's spellings, typos included (docs/product.md §9): stored and sent over the API, so clients keep working.

export const PROGRAM_LEVELS = ['Beginner', 'Intermediate', 'Advance'] as const;
export type ProgramLevel = (typeof PROGRAM_LEVELS)[number];
export const DEFAULT_PROGRAM_LEVEL: ProgramLevel = 'Beginner';

export const PROGRAM_CATEGORIES = [
  'Weight Loss',
  'Strength Training',
  'Cardio',
  'Yoga',
  'Pilates',
  'HIIT',
  'CrossFit',
  'Other',
] as const;
export type ProgramCategory = (typeof PROGRAM_CATEGORIES)[number];
export const DEFAULT_PROGRAM_CATEGORY: ProgramCategory = 'Other';

export const TRAINER_SPECIALISATIONS = [
  'General_fitness',
  'Yoga',
  'Meditation',
  'Diet',
  'Calisthenics',
  'Weight Training',
  'Cardio',
  'Others',
] as const;
export type TrainerSpecialisation = (typeof TRAINER_SPECIALISATIONS)[number];

// The minor units of each are ISO 4217's (money.ts): two decimals for USD, EUR and INR, none for JPY.
export const CURRENCIES = ['USD', 'EUR', 'JPY', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';
// docs/product.md §2 shows the payment modal's choice as "USD or Euro"; the codes are what PayPal and the API take.
export const CURRENCY_LABELS: Readonly<Record<Currency, string>> = {
  USD: 'USD',
  EUR: 'Euro',
  JPY: 'Japanese yen',
  INR: 'Indian rupee',
};

// The placeholder option of the Specalized In and Country selects; it is never a valid value.
export const SELECT_NONE = '--none--';

export const ROLES = ['trainer', 'superuser'] as const;
export type Role = (typeof ROLES)[number];

function isOneOf<T extends string>(values: readonly T[], v: unknown): v is T {
  return typeof v === 'string' && (values as readonly string[]).includes(v);
}

export function isProgramLevel(v: unknown): v is ProgramLevel {
  return isOneOf(PROGRAM_LEVELS, v);
}

export function isProgramCategory(v: unknown): v is ProgramCategory {
  return isOneOf(PROGRAM_CATEGORIES, v);
}

export function isTrainerSpecialisation(v: unknown): v is TrainerSpecialisation {
  return isOneOf(TRAINER_SPECIALISATIONS, v);
}

export function isCurrency(v: unknown): v is Currency {
  return isOneOf(CURRENCIES, v);
}
