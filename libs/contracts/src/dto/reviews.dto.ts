import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { REVIEW_LIMITS, REVIEW_SORTS, REVIEW_STARS, type ReviewSort } from '../reviews.js';
import { rules } from './field-rules.js';
import { PaginationQueryDto } from './pagination.dto.js';
import { OptionalQuery, optionalTrim, trim } from './transforms.js';

/** Required text of at most `max` characters, trimmed; the refusals name the field. */
function text(field: string, max: number): PropertyDecorator {
  return rules(
    Transform(trim),
    IsString({ message: `Write the ${field}` }),
    IsNotEmpty({ message: `Write the ${field}` }),
    MaxLength(max, { message: `The ${field} is at most ${max} characters` }),
  );
}

const STARS_MESSAGE = `stars must be a whole number from ${REVIEW_STARS.min} to ${REVIEW_STARS.max}`;

/** `POST /api/fitness_programs/{id}/reviews/` and `PUT /api/reviews/{id}/`. */
export class ReviewDto {
  @rules(
    IsInt({ message: STARS_MESSAGE }),
    Min(REVIEW_STARS.min, { message: STARS_MESSAGE }),
    Max(REVIEW_STARS.max, { message: STARS_MESSAGE }),
  )
  stars!: number;

  @text('title', REVIEW_LIMITS.titleLength)
  title!: string;

  @text('review', REVIEW_LIMITS.textLength)
  text!: string;
}

/** `POST /api/reviews/{id}/answer/`: the trainer's public answer. */
export class ReviewAnswerDto {
  @text('answer', REVIEW_LIMITS.answerLength)
  text!: string;
}

/** `POST /api/reviews/{id}/reports/` and `PUT /api/admin/reviews/{id}/hidden/`: why. */
export class ReviewReasonDto {
  @text('reason', REVIEW_LIMITS.reasonLength)
  reason!: string;
}

/** `GET /api/fitness_programs/{id}/reviews/?page=&page_size=&sort=newest|helpful`. */
export class ReviewsQueryDto extends PaginationQueryDto {
  @rules(OptionalQuery(optionalTrim), IsIn(REVIEW_SORTS, { message: 'sort must be newest or helpful' }))
  sort?: ReviewSort;
}
