import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { FollowedProgramsQueryDto, PaginationQueryDto, SubscribersQueryDto } from '@fitcoach/contracts';
import type { Response } from 'express';
import { Auth, type AuthContext, ChangesStateOnGet, Roles } from '../../common/auth/auth.decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { PagedGet } from '../../common/http/paged-get.js';
import { ProgressService } from './progress.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { ApiTags } from '@nestjs/swagger';
import {
  LIST,
  MESSAGE,
  OBJECT,
  PAGE,
  SUPERUSER,
  USER_BRIEFS,
  message,
  pagedList,
} from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';

/** A member's subscriptions, under the spec's `/api/users` paths. */
@ApiTags('subscriptions')
@Controller('users')
export class MemberSubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @RouteDoc({
    summary: 'Follow a paid programme',
    access: 'a signed-in user, with a Bearer token',
    caller: 'bearer',
    notes: 'Opens the subscription that a completed payment of the caller for this programme paid for.',
    ok: message('Subscribed (or already)'),
    refusals: {
      402: 'Payment required',
      403: 'Own programme, a blocked account, or the session cookie',
      404: "Unknown, unpublished or a blocked trainer's programme",
    },
  })
  @Get('followProgram/:programId')
  @ChangesStateOnGet()
  followProgram(@Auth() auth: AuthContext, @Param('programId', IdPipe) programId: number) {
    return this.subscriptions.follow(auth, programId);
  }

  @RouteDoc({
    summary: 'End a subscription',
    access: 'a signed-in user, their own subscription, with a Bearer token',
    caller: 'bearer',
    notes: 'Kept as history; the payment stays revenue, no refund is automatic.',
    ok: message('"Successfully unsubscribed from the program"'),
    refusals: { 404: 'You are not subscribed to this program' },
  })
  @Get('unfollowProgram/:programId')
  @ChangesStateOnGet()
  unfollowProgram(@Auth() auth: AuthContext, @Param('programId', IdPipe) programId: number) {
    return this.subscriptions.unfollow(auth, programId);
  }

  @RouteDoc({
    summary: "The caller's followed programme",
    access: 'a signed-in user, their own subscriptions',
    caller: 'signed-in',
    ok: {
      status: 200,
      description:
        "`[]`, or one subscription with its programmes and progress; `?program=` keeps that programme only, `?calendar=1` adds each one's calendar",
      schema: LIST,
    },
  })
  @Get('getFollowedPrograms')
  getFollowedPrograms(@Auth() auth: AuthContext, @Query() query: FollowedProgramsQueryDto) {
    return this.subscriptions.followed(auth, query);
  }

  @RouteDoc({
    summary: "The trainers of the caller's subscriptions",
    access: 'a signed-in user, their own subscriptions',
    caller: 'signed-in',
    ok: { status: 200, description: 'Each trainer once, blocked ones left out', schema: LIST },
  })
  @Get('getUserTrainers')
  getUserTrainers(@Auth() auth: AuthContext) {
    return this.subscriptions.trainersOf(auth);
  }
}

/** The caller's streak, beyond the contract (docs/api.md). */
@ApiTags('progress')
@Controller('users')
export class StreakController {
  constructor(private readonly progress: ProgressService) {}

  @RouteDoc({
    summary: "The caller's streak of days with a completed lesson",
    access: 'a signed-in user, their own completions',
    caller: 'signed-in',
    notes:
      'Days are counted in the time zone of the most recently started active subscription (UTC without one); ' +
      'today without a completion does not break the streak until it is over.',
    ok: {
      status: 200,
      description: 'current, longest, last_active_on (local date or null), completed_today, timezone',
      schema: {
        type: 'object',
        required: ['current', 'longest', 'last_active_on', 'completed_today', 'timezone'],
        properties: {
          current: { type: 'integer', minimum: 0 },
          longest: { type: 'integer', minimum: 0 },
          last_active_on: { type: 'string', format: 'date', nullable: true },
          completed_today: { type: 'boolean' },
          timezone: { type: 'string' },
        },
      },
    },
  })
  @Get('streak')
  getStreak(@Auth() auth: AuthContext) {
    return this.progress.streak(auth);
  }
}

/** A trainer's subscribers, under the spec's `/api/trainers` paths. */
@ApiTags('subscriptions')
@Controller('trainers')
export class TrainerSubscribersController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @PagedGet('get_subscribers', {
    summary: "Active subscriptions to the caller's programmes, paged",
    access: 'a trainer, for their own programmes',
    caller: 'signed-in',
    role: 'trainer',
    query: SubscribersQueryDto,
    ok: {
      status: 200,
      description: 'Newest first, with progress, last activity and inactive flag',
      schema: PAGE,
    },
    refusals: {
      400: 'A malformed page, page_size or program, or inactive other than 1',
      404: "A programme not the caller's",
    },
  })
  getSubscribers(@Auth() auth: AuthContext, @Query() query: SubscribersQueryDto) {
    return this.subscriptions.subscribersOf(auth, query);
  }

  @PagedGet('getTrainerContacts', {
    summary: "The caller's active subscribers, paged",
    access: 'a trainer, for their own subscribers',
    caller: 'signed-in',
    role: 'trainer',
    ...pagedList('Each subscriber once', USER_BRIEFS),
  })
  getTrainerContacts(@Auth() auth: AuthContext, @Query() query: PaginationQueryDto) {
    return this.subscriptions.contactsOf(auth, query);
  }
}

/** Progress and popularity, under the spec's `/api/fitness_programs` paths. */
@ApiTags('progress')
@Controller('fitness_programs')
export class ProgressController {
  constructor(
    private readonly progress: ProgressService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /** 201 the first time, 200 after: the spec's client expects 201. */
  @RouteDoc({
    summary: 'Mark a lesson completed',
    access: "an active subscriber of the lesson's programme, with a Bearer token",
    caller: 'bearer',
    notes: 'The path names the lesson as `{programId}-{n}`.',
    ok: { status: 201, description: '"Lesson marked as completed"', schema: MESSAGE },
    alsoOk: { 200: '"Lesson already marked as completed"' },
    refusals: {
      403: 'Not subscribed, a blocked account, or the session cookie',
      404: 'Unknown lesson',
    },
  })
  @Get('updatelessonProgress/:lessonNumber')
  @ChangesStateOnGet()
  async updateLessonProgress(
    @Auth() auth: AuthContext,
    @Param('lessonNumber') lessonNumber: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { created, body } = await this.progress.markCompleted(auth, lessonNumber);
    res.status(created ? 201 : 200);
    return body;
  }

  @RouteDoc({
    summary: "A user's progress in a programme",
    access: "the user, the programme's trainer, or a superuser",
    caller: 'signed-in',
    notes: '`programId` may also be `{programId}-{n}`.',
    ok: {
      status: 200,
      description: 'user, program, progress_percentage (0..100), completed_lessons, subscribed_on',
      schema: OBJECT,
    },
    refusals: {
      403: 'Anyone else, a blocked account, or the session cookie from another site',
      404: 'Unknown user or programme',
    },
  })
  @Get('getlessonProgress/:userId/:programId')
  getLessonProgress(
    @Auth() auth: AuthContext,
    @Param('userId', IdPipe) userId: number,
    @Param('programId') programId: string,
  ) {
    return this.progress.percentage(auth, userId, programId);
  }

  @RouteDoc({
    summary: 'The top 5 programmes by active followers',
    ...SUPERUSER,
    ok: { status: 200, description: '`[{name, followers, trainer, sales, currency}]`', schema: LIST },
  })
  @Get('getPopularProgram')
  @Roles('superuser')
  getPopularProgram() {
    return this.subscriptions.popular();
  }
}
