import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { NumericRange } from '../limits.js';
import { optionalNumber, optionalTrim, optionalTrimOr, trim } from './transforms.js';

/* The validation rules that several DTO fields share, each one property decorator. */

/**
 * The decorators as one, applied as if stacked on the field in the order listed (the last first): class-validator
 * checks a field's rules in the order they were applied, and the API reports the first that fails.
 */
function rules(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, property) => {
    for (const decorator of [...decorators].reverse()) decorator(target, property);
  };
}

/** A whole number within `range` (a form's text is read as a number), any refusal saying `message`. */
export function wholeNumber({ min, max }: NumericRange, message: string): PropertyDecorator {
  return rules(Transform(optionalNumber), IsInt({ message }), Min(min, { message }), Max(max, { message }));
}

/** A required text, trimmed: "{field} is required" when missing or blank. */
export function requiredText(field: string, maxLength: number): PropertyDecorator {
  const message = `${field} is required`;
  return rules(Transform(trim), IsString({ message }), IsNotEmpty({ message }), MaxLength(maxLength));
}

/** A text an edit may leave out (absent, blank or "null": unchanged), trimmed when it is there. */
export function changedText(field: string, maxLength: number): PropertyDecorator {
  const message = `${field} must not be empty`;
  return rules(
    IsOptional(),
    Transform(optionalTrim),
    IsString(),
    IsNotEmpty({ message }),
    MaxLength(maxLength),
  );
}

/** One of `choices`, trimmed, or absent. */
export function optionalChoice(choices: readonly string[], message: string): PropertyDecorator {
  return rules(IsOptional(), Transform(optionalTrim), IsIn(choices, { message }));
}

/** One of `choices`, trimmed; `fallback` when absent. */
export function choiceOr(choices: readonly string[], fallback: string, message: string): PropertyDecorator {
  return rules(Transform(optionalTrimOr(fallback)), IsIn(choices, { message }));
}
