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

/** `?page=&page_size=` of every list that can grow (docs/api.md: paged lists). */
export class PaginationQueryDto {
  @rules(
    OptionalQuery(queryInteger),
    IsInt({ message: PAGINATION_MESSAGES.page }),
    Min(1, { message: PAGINATION_MESSAGES.page }),
    Max(PAGINATION.maxPage, { message: PAGINATION_MESSAGES.page }),
  )
  page?: number;

  @rules(
    OptionalQuery(queryInteger),
    IsInt({ message: PAGINATION_MESSAGES.pageSize }),
    Min(1, { message: PAGINATION_MESSAGES.pageSize }),
    Max(PAGINATION.maxPageSize, { message: PAGINATION_MESSAGES.pageSize }),
  )
  page_size?: number;
}
