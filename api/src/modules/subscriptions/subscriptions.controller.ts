import { Controller, Get, Param, Query, Res, UseInterceptors } from '@nestjs/common';
import { PaginationQueryDto, SubscribersQueryDto } from '@fitcoach/contracts';
import type { Response } from 'express';
import { Auth, type AuthContext, ChangesStateOnGet, Roles } from '../../common/auth/auth.decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { PaginatedResponse } from '../../common/http/pagination.interceptor.js';
import { ProgressService } from './progress.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** A member's subscriptions, under the spec's `/api/users` paths. */
@Controller('users')
export class MemberSubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get('followProgram/:programId')
  @ChangesStateOnGet()
  followProgram(@Auth() auth: AuthContext, @Param('programId', IdPipe) programId: number) {
    return this.subscriptions.follow(auth, programId);
  }

  @Get('unfollowProgram/:programId')
  @ChangesStateOnGet()
  unfollowProgram(@Auth() auth: AuthContext, @Param('programId', IdPipe) programId: number) {
    return this.subscriptions.unfollow(auth, programId);
  }

  @Get('getFollowedPrograms')
  getFollowedPrograms(@Auth() auth: AuthContext) {
    return this.subscriptions.followed(auth);
  }

  @Get('getUserTrainers')
  getUserTrainers(@Auth() auth: AuthContext) {
    return this.subscriptions.trainersOf(auth);
  }
}

/** A trainer's subscribers, under the spec's `/api/trainers` paths. */
@Controller('trainers')
export class TrainerSubscribersController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get('get_subscribers')
  @Roles('trainer')
  @UseInterceptors(PaginatedResponse)
  getSubscribers(@Auth() auth: AuthContext, @Query() query: SubscribersQueryDto) {
    return this.subscriptions.subscribersOf(auth, query);
  }

  @Get('getTrainerContacts')
  @Roles('trainer')
  @UseInterceptors(PaginatedResponse)
  getTrainerContacts(@Auth() auth: AuthContext, @Query() query: PaginationQueryDto) {
    return this.subscriptions.contactsOf(auth, query);
  }
}

/** Progress and popularity, under the spec's `/api/fitness_programs` paths. */
@Controller('fitness_programs')
export class ProgressController {
  constructor(
    private readonly progress: ProgressService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /** 201 the first time, 200 after: the spec's client expects 201. */
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

  @Get('getlessonProgress/:userId/:programId')
  getLessonProgress(
    @Auth() auth: AuthContext,
    @Param('userId', IdPipe) userId: number,
    @Param('programId') programId: string,
  ) {
    return this.progress.percentage(auth, userId, programId);
  }

  @Get('getPopularProgram')
  @Roles('superuser')
  getPopularProgram() {
    return this.subscriptions.popular();
  }
}
