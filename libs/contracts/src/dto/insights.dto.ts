import { IsString, MaxLength } from 'class-validator';
import { INSIGHTS_MESSAGES } from '../insights.js';
import { rules } from './field-rules.js';
import { OptionalQuery, optionalTrim } from './transforms.js';

function queryDate(field: string): PropertyDecorator {
  const message = INSIGHTS_MESSAGES.date(field);
  return rules(OptionalQuery(optionalTrim), IsString({ message }), MaxLength(10, { message }));
}

/** `GET /api/trainers/me/insights/?from=&to=`: UTC days, both inclusive; the last 30 days without them. */
export class InsightsQueryDto {
  @queryDate('from')
  from?: string;

  @queryDate('to')
  to?: string;
}
