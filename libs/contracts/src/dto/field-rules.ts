import { Transform } from 'class-transformer';
import { Allow, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { type NumericRange, PASSWORD } from '../limits.js';
import { optionalNumber, optionalTrim, optionalTrimOr, trim } from './transforms.js';

/* How DTO fields list their rules, and the rules that several fields share, each one property decorator. */

/**
 * A field's decorators as one, checked in the order listed: its type or presence first, then its length, then its
 * pattern or range. The API stops at a field's first failed rule (the validation pipe's `stopAtFirstError`), so a
 * text too long is refused before a pattern reads it, and the refusal is the first listed rule that fails.
 * Stacked decorators would be checked the other way round: class-validator keeps the order they are applied in,
 * and TypeScript applies the one nearest the field first.
 */
export function rules(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, property) => {
    for (const decorator of decorators) decorator(target, property);
  };
}

/**
 * A field that clients send and the API contract says is ignored (the spec's client sends a programme's `trainer`,
 * a profile form's `password: "undefined"`): taken and dropped, so the body is not refused for it.
 */
export function ignoredField(): PropertyDecorator {
  return rules(
    Allow(),
    Transform(() => undefined),
  );
}

/**
 * The multipart part that carries a route's image: the upload interceptor takes the file, so the DTO never holds
 * it, but the name is one of the form's fields; a text sent under it (a client's "null" for no new file) is dropped.
 * @alias the same rule as ignoredField, named for what the field is
 */
export const fileField = ignoredField;

/** A whole number within `range` (a form's text is read as a number), any refusal saying `message`. */
export function wholeNumber({ min, max }: NumericRange, message: string): PropertyDecorator {
  return rules(Transform(optionalNumber), IsInt({ message }), Min(min, { message }), Max(max, { message }));
}

/** A text that must be there: "{field} is required" when it is missing, not a text, or empty. */
export function presentText(field: string): PropertyDecorator {
  const message = `${field} is required`;
  return rules(IsString({ message }), IsNotEmpty({ message }));
}

/** A required text, trimmed: "{field} is required" when missing or blank. */
export function requiredText(field: string, maxLength: number): PropertyDecorator {
  return rules(Transform(trim), presentText(field), MaxLength(maxLength));
}

/** A password the account already has, whatever rules it was chosen under: only its presence and length are checked. */
export function currentPassword(field: string): PropertyDecorator {
  return rules(presentText(field), MaxLength(PASSWORD.maxLength));
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

/** A text that may be absent, trimmed, of at most `maxLength` characters. */
export function optionalText(maxLength: number): PropertyDecorator {
  return rules(IsOptional(), Transform(optionalTrim), IsString(), MaxLength(maxLength));
}

/** One of `choices`, trimmed, or absent. */
export function optionalChoice(choices: readonly string[], message: string): PropertyDecorator {
  return rules(IsOptional(), Transform(optionalTrim), IsIn(choices, { message }));
}

/** One of `choices`, trimmed; `fallback` when absent. */
export function choiceOr(choices: readonly string[], fallback: string, message: string): PropertyDecorator {
  return rules(Transform(optionalTrimOr(fallback)), IsIn(choices, { message }));
}
