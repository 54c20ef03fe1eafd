import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { LogCommentDto, OwnLogsQueryDto, WorkoutLogDto } from '@fitcoach/contracts';
import { Auth, type AuthContext } from '../../common/auth/auth.decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { PagedGet } from '../../common/http/paged-get.js';
import { LIST, OBJECT, PAGE } from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';
import { RecordCsvService } from './record-csv.service.js';
import { WorkoutLogsService } from './workout-logs.service.js';

const OWN = { access: 'a signed-in user, their own logs', caller: 'signed-in' } as const;
const LESSON_REFUSALS = {
  400: 'A lesson number not written `{programme}-{n}`',
  404: 'Unknown lesson',
} as const;

/** Workout logs (docs/product.md §2.7, ADR 061): a member's own, on the lessons they follow. */
@ApiTags('training record')
@Controller()
export class WorkoutLogsController {
  constructor(
    private readonly logs: WorkoutLogsService,
    private readonly csvFiles: RecordCsvService,
  ) {}

  @RouteDoc({
    summary: 'Log a workout for a lesson, completing it',
    access: 'an active subscriber of the lesson’s programme, the lesson open to them',
    caller: 'signed-in',
    notes:
      'Up to 30 exercises of up to 20 sets; each set reps (with a weight, in `unit`) or a duration. Weights are stored in kg. The lesson is marked completed.',
    body: WorkoutLogDto,
    ok: { status: 201, description: 'The log as stored', schema: OBJECT },
    refusals: {
      ...LESSON_REFUSALS,
      400: 'A lesson number not written `{programme}-{n}`, a set without reps or duration, a number out of range, a date in the future or over ten years back',
      403: 'Not an active subscriber, or the lesson opens later (the date and `unlocks_at` are given)',
    },
  })
  @Post('lessons/:lessonNumber/logs')
  create(@Auth() auth: AuthContext, @Param('lessonNumber') lessonNumber: string, @Body() dto: WorkoutLogDto) {
    return this.logs.create(auth, lessonNumber, dto);
  }

  @RouteDoc({
    summary: 'The caller’s logs of a lesson',
    ...OWN,
    ok: { status: 200, description: 'Newest first, with the trainers’ comments', schema: LIST },
    refusals: LESSON_REFUSALS,
  })
  @Get('lessons/:lessonNumber/logs')
  ofLesson(@Auth() auth: AuthContext, @Param('lessonNumber') lessonNumber: string) {
    return this.logs.ofLesson(auth, lessonNumber);
  }

  @PagedGet('users/logs', {
    summary: 'The caller’s logs, paged',
    ...OWN,
    query: OwnLogsQueryDto,
    ok: { status: 200, description: 'Newest first, with the trainers’ comments', schema: PAGE },
    refusals: { 400: 'A malformed page or page_size' },
  })
  mine(@Auth() auth: AuthContext, @Query() query: OwnLogsQueryDto) {
    return this.logs.mine(auth, query);
  }

  @RouteDoc({
    summary: 'The caller’s logs as a spreadsheet',
    ...OWN,
    notes:
      'CSV, one row per set, oldest first: performed_on, programme, lesson, lesson_title, exercise, set, reps, ' +
      "weight_kg, duration_seconds, effort, note. A text cell starting like a formula is prefixed with `'`.",
    ok: { status: 200, description: 'An attachment, `fitcoach-workouts-{date}.csv`', produces: 'text/csv' },
  })
  @Get('users/logs/csv')
  csv(@Auth() auth: AuthContext) {
    return this.csvFiles.workouts(auth);
  }

  @RouteDoc({
    summary: 'Replace one of the caller’s logs',
    ...OWN,
    body: WorkoutLogDto,
    ok: { status: 200, description: 'The log as stored', schema: OBJECT },
    refusals: { 404: "Unknown, or another member's log" },
  })
  @Put('logs/:id')
  update(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: WorkoutLogDto) {
    return this.logs.update(auth, id, dto);
  }

  @RouteDoc({
    summary: 'Comment on a member’s log',
    access: 'the trainer of the log’s programme, while the member subscribes and shares their logs with them',
    caller: 'signed-in',
    notes: 'The comment is a chat message from the trainer to the member, linked to the log.',
    body: LogCommentDto,
    ok: { status: 201, description: 'The comment', schema: OBJECT },
    refusals: {
      403: 'The log’s member, or a trainer the member no longer subscribes to or shares logs with',
      404: 'Unknown, or a log of someone the caller does not train',
      429: 'Too many messages',
    },
  })
  @Post('logs/:id/comments')
  comment(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: LogCommentDto) {
    return this.logs.comment(auth, id, dto.text);
  }

  @RouteDoc({
    summary: 'Delete one of the caller’s logs',
    ...OWN,
    ok: { status: 204, description: 'Deleted; the lesson stays completed' },
    refusals: { 404: "Unknown, or another member's log" },
  })
  @Delete('logs/:id')
  @HttpCode(204)
  remove(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.logs.remove(auth, id);
  }
}
