import { IsIn } from 'class-validator';
import { rules } from './field-rules.js';
import { PaginationQueryDto, queryWholeNumber } from './pagination.dto.js';
import { OptionalQuery, optionalTrim } from './transforms.js';

export const SUBSCRIBERS_QUERY_MESSAGES = {
  program: 'program must be the id of one of your programmes',
  inactive: 'inactive must be 1 (only inactive subscribers) or left out',
} as const;

/**
 * `GET /api/trainers/get_subscribers/?program=&inactive=1&page=&page_size=`: one of the caller's programmes, or
 * all; only the inactive subscribers with `inactive=1`.
 */
export class SubscribersQueryDto extends PaginationQueryDto {
  @queryWholeNumber(2_147_483_647, SUBSCRIBERS_QUERY_MESSAGES.program)
  program?: number;

  @rules(OptionalQuery(optionalTrim), IsIn(['1'], { message: SUBSCRIBERS_QUERY_MESSAGES.inactive }))
  inactive?: '1';
}
