import { reportedMessage } from '@fitcoach/contracts';
import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { FieldErrors } from './validation';

// Forms are checked by the contracts' DTO classes, the API's own rules, so they are written once (libs/contracts);
// only the words may differ, docs/product.md §5's texts.

/** One text whatever rule failed, or one per class-validator constraint, where the first listed that failed wins. */
export type FieldTexts = string | readonly (readonly [constraint: string, text: string])[];

/** Errors of `values` against `dto` by field, in `texts`' words where given; only fields in `values` are checked. */
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
