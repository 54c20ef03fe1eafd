import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InsightsQueryDto } from '@fitcoach/contracts';
import { Auth, type AuthContext, Roles } from '../../common/auth/auth.decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { OBJECT, TRAINER } from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';
import { InsightsService } from './insights.service.js';

const RANGE_NOTES =
  'UTC days `from` to `to` (`YYYY-MM-DD`, both included, at most 366 days; the last 30 days to today without them).';
const RANGE_REFUSALS = {
  400: 'A malformed `from` or `to`, `from` after `to`, or a range over 366 days',
  403: 'Not a trainer',
};

/** A trainer's own figures (docs/product.md §2.16); the superusers' stay in the admin module. */
@ApiTags('trainers')
@Controller('trainers')
export class InsightsController {
  constructor(private readonly insights: InsightsService) {}

  @RouteDoc({
    summary: 'The caller’s business: revenue, subscribers, completion, who needs attention',
    ...TRAINER,
    notes:
      `${RANGE_NOTES} Revenue per currency and day (completed payments minus refunds), new subscribers, refunds ` +
      'and finishes in the range; active subscribers, each lesson’s completions and the members quiet for 7 days now.',
    query: InsightsQueryDto,
    ok: { status: 200, description: 'The figures', schema: OBJECT },
    refusals: RANGE_REFUSALS,
  })
  @Get('me/insights')
  @Roles('trainer')
  mine(@Auth() auth: AuthContext, @Query() query: InsightsQueryDto) {
    return this.insights.mine(auth, query);
  }

  @RouteDoc({
    summary: 'The caller’s revenue per day as a spreadsheet',
    ...TRAINER,
    notes: `${RANGE_NOTES} CSV: date, currency, completed, refunded, net; a row per day of each currency paid in.`,
    query: InsightsQueryDto,
    ok: {
      status: 200,
      description: 'An attachment, `fitcoach-revenue-{from}-{to}.csv`',
      produces: 'text/csv',
    },
    refusals: RANGE_REFUSALS,
  })
  @Get('me/insights/revenue/csv')
  @Roles('trainer')
  revenueCsv(@Auth() auth: AuthContext, @Query() query: InsightsQueryDto) {
    return this.insights.revenueCsv(auth, query);
  }

  @RouteDoc({
    summary: 'The caller’s programmes’ figures as a spreadsheet',
    ...TRAINER,
    notes:
      `${RANGE_NOTES} CSV: programme, published, currency, completed, refunded, net, new_subscribers, ` +
      'active_subscribers, refunds, finished, median_days_to_finish; a row per currency a programme was paid in.',
    query: InsightsQueryDto,
    ok: {
      status: 200,
      description: 'An attachment, `fitcoach-programmes-{from}-{to}.csv`',
      produces: 'text/csv',
    },
    refusals: RANGE_REFUSALS,
  })
  @Get('me/insights/programs/csv')
  @Roles('trainer')
  programsCsv(@Auth() auth: AuthContext, @Query() query: InsightsQueryDto) {
    return this.insights.programsCsv(auth, query);
  }

  @RouteDoc({
    summary: 'One trainer’s business figures',
    access: 'the trainer themselves, or a superuser',
    caller: 'signed-in',
    notes: `As \`GET /api/trainers/me/insights/\`. ${RANGE_NOTES}`,
    query: InsightsQueryDto,
    ok: { status: 200, description: 'The figures', schema: OBJECT },
    refusals: {
      400: RANGE_REFUSALS[400],
      403: 'Another trainer’s figures, or a member',
      404: 'Unknown trainer',
    },
  })
  @Get(':id/insights')
  @Roles('trainer', 'superuser')
  ofTrainer(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number, @Query() query: InsightsQueryDto) {
    return this.insights.ofTrainer(auth, id, query);
  }
}
