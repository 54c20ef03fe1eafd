import {
  Body,
  Controller,
  Get,
  Param,
  Post,
  Put,
  Query,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  AccountsQueryDto,
  PaginationQueryDto,
  TrainerRegistrationDto,
  TrainerVerificationDto,
} from '@fitcoach/contracts';
import { Auth, type AuthContext, MaybeAuth, OptionalAuth, Roles } from '../../common/auth/auth.decorators.js';
import { CacheForAnonymous } from '../../common/cache/cache-for-anonymous.interceptor.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { PaginatedResponse } from '../../common/http/pagination.interceptor.js';
import { PagedGet } from '../../common/http/paged-get.js';
import { imageUpload } from '../../common/media/image-upload.js';
import type { UploadedImage } from '../../common/media/media.service.js';
import { TrainersService } from './trainers.service.js';
import { PresenceService } from '../../common/realtime/presence.service.js';
import { UsersService } from '../users/users.service.js';
import { RequestBound } from '../../common/http/request-timeout.interceptor.js';
import { ApiTags } from '@nestjs/swagger';
import {
  COUNT,
  OBJECT,
  PAGE,
  SUPERUSER,
  TRAINER,
  USER_BRIEFS,
  pagedList,
} from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';

@ApiTags('trainers')
@Controller('trainers')
export class TrainersController {
  constructor(
    private readonly trainers: TrainersService,
    private readonly users: UsersService,
    private readonly presence: PresenceService,
  ) {}

  @RouteDoc({
    summary: 'Become a trainer',
    access: 'a signed-in user who is neither a trainer nor a superuser',
    caller: 'signed-in',
    form: { dto: TrainerRegistrationDto, file: 'profile_picture' },
    ok: { status: 201, description: 'The caller is a trainer', schema: OBJECT },
    refusals: {
      403: 'A superuser, a blocked account, or the session cookie from another site',
      409: 'A trainer already',
      413: 'A picture over 5 MB, or a body over its limit',
    },
  })
  @Post('TrainerProfileCreation')
  @RequestBound('upload')
  @UseInterceptors(imageUpload('profile_picture'))
  register(
    @Auth() auth: AuthContext,
    @Body() dto: TrainerRegistrationDto,
    @UploadedFile() picture: UploadedImage | undefined,
  ) {
    return this.trainers.register(auth, dto, picture);
  }

  @RouteDoc({
    summary: "The caller's trainer profile",
    ...TRAINER,
    ok: { status: 200, description: '`{data: Trainer}`', schema: OBJECT },
  })
  @Get('getTrainer')
  @Roles('trainer')
  getTrainer(@Auth() auth: AuthContext) {
    return this.trainers.getOwn(auth);
  }

  @RouteDoc({
    summary: 'One listed trainer',
    access: 'anyone; an unlisted one only the trainer and superusers',
    caller: 'optional',
    notes: 'The phone number only for the trainer and superusers.',
    ok: { status: 200, description: 'The trainer', schema: OBJECT },
    refusals: { 404: 'Unknown, or not listed (blocked, or no published programme)' },
  })
  @Get('retrieveTrainer/:id')
  @OptionalAuth()
  @UseInterceptors(CacheForAnonymous)
  retrieveTrainer(@MaybeAuth() auth: AuthContext | null, @Param('id', IdPipe) id: number) {
    return this.trainers.getPublic(auth, id);
  }

  @RouteDoc({
    summary: 'Listed trainers, verified first, paged',
    access: 'anyone',
    caller: 'optional',
    ...pagedList('Trainers not blocked with a published programme'),
  })
  @Get('allTrainer')
  @OptionalAuth()
  @UseInterceptors(PaginatedResponse, CacheForAnonymous)
  allTrainer(@MaybeAuth() auth: AuthContext | null, @Query() query: PaginationQueryDto) {
    return this.trainers.listPublic(auth, query);
  }

  @RouteDoc({
    summary: 'How many trainers there are',
    ...SUPERUSER,
    ok: { status: 200, description: 'The number of trainers', schema: COUNT, example: [7] },
  })
  @Get('getTrainerCount')
  @Roles('superuser')
  getTrainerCount() {
    return this.trainers.count();
  }

  /** Trainers with at least one chat socket open (docs/architecture.md §8). */
  @RouteDoc({
    summary: 'Trainers online',
    ...SUPERUSER,
    ok: { status: 200, description: 'Trainers with a chat socket open', schema: USER_BRIEFS },
  })
  @Get('getLoggedInTrainers')
  @Roles('superuser')
  async getLoggedInTrainers() {
    return this.users.briefsOf(await this.presence.all(), true);
  }

  @PagedGet('getAllTrainers', {
    summary: 'Every trainer account, paged',
    ...SUPERUSER,
    query: AccountsQueryDto,
    ok: { status: 200, description: 'Accounts with `trainer_id` and `verified`', schema: PAGE },
    refusals: { 400: 'A malformed page, page_size, search or sort' },
  })
  getAllTrainers(@Query() query: AccountsQueryDto) {
    return this.trainers.listAccounts(query);
  }

  /** A superuser verifies a trainer or takes it back: 200 with the trainer as it now is. */
  @RouteDoc({
    summary: 'Verify a trainer, or take it back',
    ...SUPERUSER,
    notes: 'Recorded in the audit log; the pages show a "Verified" badge.',
    body: TrainerVerificationDto,
    ok: { status: 200, description: 'The trainer as it now is', schema: OBJECT },
    refusals: { 400: 'Any body but `{verified: boolean}`', 404: 'Unknown trainer' },
  })
  @Put(':id/verify')
  @Roles('superuser')
  verify(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: TrainerVerificationDto) {
    return this.trainers.verify(auth, id, dto);
  }
}
