import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SCHEDULE_DAY_STATES, ScheduleDto } from '@fitcoach/contracts';
import { Auth, type AuthContext } from '../../common/auth/auth.decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import type { SchemaObject } from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';
import { SchedulesService } from './schedules.service.js';

const NULLABLE_TEXT = { type: 'string', nullable: true };

/** SubscriptionScheduleResponse (libs/contracts/src/coaching.ts). */
const SCHEDULE_PROPERTIES = {
  subscription_id: { type: 'integer' },
  start_date: { type: 'string', format: 'date' },
  reminder_time: { ...NULLABLE_TEXT, pattern: '^\\d{2}:\\d{2}$' },
  timezone: { type: 'string' },
  today_lesson: { type: 'integer', nullable: true },
  next_unlock_at: { ...NULLABLE_TEXT, format: 'date-time' },
};

const SCHEDULE: SchemaObject = {
  type: 'object',
  required: Object.keys(SCHEDULE_PROPERTIES),
  properties: SCHEDULE_PROPERTIES,
};

const SCHEDULE_WITH_CALENDAR: SchemaObject = {
  type: 'object',
  required: [...Object.keys(SCHEDULE_PROPERTIES), 'calendar'],
  properties: {
    ...SCHEDULE_PROPERTIES,
    calendar: {
      type: 'array',
      items: {
        type: 'object',
        required: ['day', 'date', 'lesson_number', 'state'],
        properties: {
          day: { type: 'integer' },
          date: { type: 'string', format: 'date' },
          lesson_number: { type: 'integer', nullable: true },
          state: { type: 'string', enum: [...SCHEDULE_DAY_STATES] },
        },
      },
    },
  },
};

/** A member's schedule of a subscription (docs/decisions/058-lessons-on-a-schedule.md). */
@ApiTags('subscriptions')
@Controller('subscriptions')
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @RouteDoc({
    summary: "A subscription's schedule and calendar",
    access: 'a signed-in user, their own subscription',
    caller: 'signed-in',
    notes:
      'One calendar day per day of the programme, up to its highest lesson number: done, today, missed, upcoming.',
    ok: { status: 200, description: 'The schedule with its calendar', schema: SCHEDULE_WITH_CALENDAR },
    refusals: { 404: "Unknown, or another member's subscription" },
  })
  @Get(':id/schedule')
  get(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.schedules.get(auth, id);
  }

  @RouteDoc({
    summary: "Change a subscription's schedule",
    access: 'a signed-in user, their own active subscription',
    caller: 'signed-in',
    notes:
      'Day 1 within a year of today, a reminder time (HH:MM, or null for none) and an IANA time zone; sets the next reminder instant.',
    body: ScheduleDto,
    ok: { status: 200, description: 'The schedule as saved', schema: SCHEDULE },
    refusals: {
      404: "Unknown, or another member's subscription",
      409: 'The subscription has ended',
    },
  })
  @Put(':id/schedule')
  update(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: ScheduleDto) {
    return this.schedules.update(auth, id, dto);
  }
}
