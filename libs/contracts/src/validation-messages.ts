import { AGE, BODY_FAT_PERCENT, HEIGHT_CM, NAME_MAX_LENGTH, PASSWORD, WEIGHT_KG } from './limits.js';

/**
 * docs/product.md §5's texts, shared by the server's refusals and the web form's alerts. A module without
 * decorators, so that a page needing one text does not load the validation DTOs with it.
 */
export const VALIDATION_MESSAGES = {
  name: `Use letters, spaces, hyphens, apostrophes and periods, up to ${NAME_MAX_LENGTH} characters`,
  age: `Please enter an age between ${AGE.min} and ${AGE.max}.`,
  phone: 'Please enter a valid 10-digit phone number.',
  height: `Height must be between ${HEIGHT_CM.min} and ${HEIGHT_CM.max} cm.`,
  weight: `Weight must be between ${WEIGHT_KG.min} and ${WEIGHT_KG.max} kg.`,
  bodyFat: `Body fat must be between ${BODY_FAT_PERCENT.min} and ${BODY_FAT_PERCENT.max} %.`,
  email: 'Enter a valid email address.',
  passwordLength: `Password must be ${PASSWORD.minLength} to ${PASSWORD.maxLength} characters long.`,
  passwordSpaces: 'Password must not contain spaces.',
} as const;
