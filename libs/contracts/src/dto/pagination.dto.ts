import type { TransformFnParams } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { PAGINATION } from '../limits.js';
import { rules } from './field-rules.js';
import { isAbsent, OptionalQuery } from './transforms.js';

export const PAGINATION_MESSAGES = {
  page: `page must be a whole number from 1 to ${PAGINATION.maxPage}`,
  pageSize: `page_size must be a whole number from 1 to ${PAGINATION.maxPageSize}`,
} as const;

/**
 * A query parameter given once as decimal digits; anything else (`1e3`, `0x10`, `Infinity`, `-1`, `1.5`, a
 * repeated parameter) becomes NaN so the validator refuses it.
 */
export const queryInteger = ({ value }: TransformFnParams): unknown => {
  if (isAbsent(value)) return undefined;
  return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
};

/** A query parameter that may be absent, else a whole number from 1 to `max`, any refusal saying `message`. */
export function queryWholeNumber(max: number, message: string): PropertyDecorator {
  return rules(OptionalQuery(queryInteger), IsInt({ message }), Min(1, { message }), Max(max, { message }));
}

/** `?page=&page_size=` of every list that can grow (docs/api.md: paged lists). */
export class PaginationQueryDto {
  @queryWholeNumber(PAGINATION.maxPage, PAGINATION_MESSAGES.page)
  page?: number;

  @queryWholeNumber(PAGINATION.maxPageSize, PAGINATION_MESSAGES.pageSize)
  page_size?: number;
}
