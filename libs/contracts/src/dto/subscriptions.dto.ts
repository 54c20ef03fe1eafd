import { PaginationQueryDto, queryWholeNumber } from './pagination.dto.js';

export const SUBSCRIBERS_QUERY_MESSAGES = {
  program: 'program must be the id of one of your programmes',
} as const;

/** `GET /api/trainers/get_subscribers/?program=&page=&page_size=`: one of the caller's programmes, or all. */
export class SubscribersQueryDto extends PaginationQueryDto {
  @queryWholeNumber(2_147_483_647, SUBSCRIBERS_QUERY_MESSAGES.program)
  program?: number;
}
