import { Expose, Transform, type TransformFnParams } from 'class-transformer';
import { IsOptional } from 'class-validator';

/** Multipart forms send absent values as these strings (docs/api.md: such fields are left unchanged). */
const ABSENT = new Set(['', 'null', 'undefined']);

export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && ABSENT.has(value.trim()));
}

export const trim = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.trim() : value;

export const trimLowercase = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

export const optionalTrim = ({ value }: TransformFnParams): unknown =>
  isAbsent(value) ? undefined : typeof value === 'string' ? value.trim() : value;

export const optionalTrimLowercase = ({ value }: TransformFnParams): unknown =>
  isAbsent(value) ? undefined : typeof value === 'string' ? value.trim().toLowerCase() : value;

/** A person's name as stored: trimmed and in Unicode NFC, so one name typed two ways is one text. */
export const trimNfc = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.trim().normalize('NFC') : value;

export const optionalTrimNfc = ({ value }: TransformFnParams): unknown =>
  isAbsent(value) ? undefined : trimNfc({ value } as TransformFnParams);

/** A number from JSON or a form field; anything that is not a number stays NaN so the validator names it. */
export const optionalNumber = ({ value }: TransformFnParams): unknown => {
  if (isAbsent(value)) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  return Number(value.trim());
};

/** Like `optionalTrim`, with the value an absent field takes (docs/product.md §9 defaults such as category Other). */
export const optionalTrimOr =
  (fallback: string) =>
  ({ value }: TransformFnParams): unknown =>
    isAbsent(value) ? fallback : typeof value === 'string' ? value.trim() : value;

/**
 * A query parameter that is also sent as `name[...]=` is refused: Express's query parser keeps `q[a]=1` as a
 * parameter named `q[a]`, which the validation pipe would silently drop. NaN fails every rule of a field.
 * Use it with `@Expose()`, so that it runs when only the bracketed twin is there.
 */
export const queryParam =
  (transform: (params: TransformFnParams) => unknown) =>
  (params: TransformFnParams): unknown =>
    Object.keys(params.obj ?? {}).some((name) => name.startsWith(`${params.key}[`))
      ? Number.NaN
      : transform(params);

/**
 * An optional query parameter read through `transform`, refused when also sent bracketed (`queryParam`). The
 * decorators every query DTO field starts with, in one.
 */
export function OptionalQuery(transform: (params: TransformFnParams) => unknown): PropertyDecorator {
  const decorators = [Transform(queryParam(transform)), Expose(), IsOptional()];
  return (target, property) => {
    for (const decorate of decorators) decorate(target, property);
  };
}
