import { IsInt, Max, Min } from 'class-validator';
import { rules } from './field-rules.js';
import { PaginationQueryDto, queryInteger } from './pagination.dto.js';
import { OptionalQuery } from './transforms.js';

export const SUBSCRIBERS_QUERY_MESSAGES = {
  program: 'program must be the id of one of your programmes',
} as const;

/** `GET /api/trainers/get_subscribers/?program=&page=&page_size=`: one of the caller's programmes, or all. */
export class SubscribersQueryDto extends PaginationQueryDto {
  @rules(
    OptionalQuery(queryInteger),
    IsInt({ message: SUBSCRIBERS_QUERY_MESSAGES.program }),
    Min(1, { message: SUBSCRIBERS_QUERY_MESSAGES.program }),
    Max(2_147_483_647, { message: SUBSCRIBERS_QUERY_MESSAGES.program }),
  )
  program?: number;
}
