import { reportedMessage } from '@fitcoach/contracts';
import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { FieldErrors } from './validation';

/*
 * Form data checked by the contracts' DTO classes, the rules the API itself applies, so that a form's rules are
 * written once (libs/contracts) and the action refuses what the API would, with or without JavaScript. Only the
 * words may differ: a form shows docs/product.md §5's texts where the API's refusals name the field.
 */

/**
 * A form's own text for a refused field: one text whatever rule failed, or one per class-validator constraint
 * (`isNotEmpty`, `maxLength`, `matches`, ...) where the first listed that failed is shown.
 */
export type FieldTexts = string | readonly (readonly [constraint: string, text: string])[];

/**
 * The errors of `values` against `dto`, by field: the form's text from `texts` where it has one, otherwise the
 * DTO's message the API would report (`reportedMessage`). Only the fields in `values` are reported, so a form may
 * check some of a DTO's fields.
 */
export function validateWithDto(
  dto: ClassConstructor<object>,
  values: Record<string, string>,
  texts: Partial<Record<string, FieldTexts>> = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const { property, constraints = {} } of validateSync(plainToInstance(dto, values))) {
    if (!(property in values)) continue;
    errors[property] = textOf(constraints, texts[property]);
  }
  return errors;
}

function textOf(constraints: Record<string, string>, texts: FieldTexts | undefined): string | undefined {
  if (typeof texts === 'string') return texts;
  const own = texts?.find(([constraint]) => constraint in constraints);
  return own ? own[1] : reportedMessage(constraints);
}
