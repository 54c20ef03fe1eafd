import { IsIn, IsString, MaxLength } from 'class-validator';
import { rules } from './field-rules.js';
import { PaginationQueryDto } from './pagination.dto.js';
import { OptionalQuery, optionalTrim } from './transforms.js';

/** The orders of the admin's account lists: by join date, newest or oldest first. */
export const ACCOUNT_SORTS = ['newest', 'oldest'] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];

export const ACCOUNT_SEARCH_MAX_LENGTH = 100;

export const ACCOUNTS_QUERY_MESSAGES = {
  search: `search must be text of at most ${ACCOUNT_SEARCH_MAX_LENGTH} characters`,
  sort: `sort must be one of ${ACCOUNT_SORTS.join(', ')}`,
} as const;

/**
 * `?search=&sort=` of the superuser's Users and Trainers lists, besides the page: accounts whose first name, last
 * name or e-mail contains every word of `search` (case aside), by join date.
 */
export class AccountsQueryDto extends PaginationQueryDto {
  @rules(
    OptionalQuery(optionalTrim),
    IsString({ message: ACCOUNTS_QUERY_MESSAGES.search }),
    MaxLength(ACCOUNT_SEARCH_MAX_LENGTH, { message: ACCOUNTS_QUERY_MESSAGES.search }),
  )
  search?: string;

  @rules(OptionalQuery(optionalTrim), IsIn(ACCOUNT_SORTS, { message: ACCOUNTS_QUERY_MESSAGES.sort }))
  sort?: AccountSort;
}
