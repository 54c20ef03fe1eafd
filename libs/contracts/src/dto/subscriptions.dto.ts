import { IsIn, IsString, MaxLength, ValidateIf } from 'class-validator';
import { SCHEDULE_MESSAGES } from '../coaching.js';
import { rules } from './field-rules.js';
import { PaginationQueryDto, queryWholeNumber } from './pagination.dto.js';
import { OptionalQuery, optionalTrim } from './transforms.js';

export const SUBSCRIBERS_QUERY_MESSAGES = {
  program: 'program must be the id of one of your programmes',
  inactive: 'inactive must be 1 (only inactive subscribers) or left out',
} as const;

export const FOLLOWED_QUERY_MESSAGES = {
  program: 'program must be the id of a programme',
  calendar: 'calendar must be 1 (each programme with its calendar) or left out',
} as const;

/**
 * `GET /api/users/getFollowedPrograms/?program=&calendar=1`: the caller's followed programmes, or only that one;
 * with `calendar=1`, each with the calendar its schedule's own answer gives.
 */
export class FollowedProgramsQueryDto {
  @queryWholeNumber(2_147_483_647, FOLLOWED_QUERY_MESSAGES.program)
  program?: number;

  @rules(OptionalQuery(optionalTrim), IsIn(['1'], { message: FOLLOWED_QUERY_MESSAGES.calendar }))
  calendar?: '1';
}

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

/**
 * `PUT /api/subscriptions/{id}/schedule/` (JSON): every field required, `reminder_time` null for no reminders. Only
 * their types are checked here; the API reads the dates, times and zones with its calendar (SCHEDULE_MESSAGES).
 */
export class ScheduleDto {
  @rules(
    IsString({ message: SCHEDULE_MESSAGES.startDate }),
    MaxLength(10, { message: SCHEDULE_MESSAGES.startDate }),
  )
  start_date!: string;

  @rules(
    ValidateIf((dto: { reminder_time?: unknown }) => dto.reminder_time !== null),
    IsString({ message: SCHEDULE_MESSAGES.reminderTime }),
    MaxLength(5, { message: SCHEDULE_MESSAGES.reminderTime }),
  )
  reminder_time!: string | null;

  @rules(
    IsString({ message: SCHEDULE_MESSAGES.timezone }),
    MaxLength(64, { message: SCHEDULE_MESSAGES.timezone }),
  )
  timezone!: string;
}
