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
import { imageUpload } from '../../common/media/image-upload.js';
import type { UploadedImage } from '../../common/media/media.service.js';
import { TrainersService } from './trainers.service.js';
import { PresenceService } from '../../common/realtime/presence.service.js';
import { UsersService } from '../users/users.service.js';
import { RequestBound } from '../../common/http/request-timeout.interceptor.js';

@Controller('trainers')
export class TrainersController {
  constructor(
    private readonly trainers: TrainersService,
    private readonly users: UsersService,
    private readonly presence: PresenceService,
  ) {}

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

  @Get('getTrainer')
  @Roles('trainer')
  getTrainer(@Auth() auth: AuthContext) {
    return this.trainers.getOwn(auth);
  }

  @Get('retrieveTrainer/:id')
  @OptionalAuth()
  @UseInterceptors(CacheForAnonymous)
  retrieveTrainer(@MaybeAuth() auth: AuthContext | null, @Param('id', IdPipe) id: number) {
    return this.trainers.getPublic(auth, id);
  }

  @Get('allTrainer')
  @OptionalAuth()
  @UseInterceptors(PaginatedResponse, CacheForAnonymous)
  allTrainer(@MaybeAuth() auth: AuthContext | null, @Query() query: PaginationQueryDto) {
    return this.trainers.listPublic(auth, query);
  }

  @Get('getTrainerCount')
  @Roles('superuser')
  getTrainerCount() {
    return this.trainers.count();
  }

  /** Trainers with at least one chat socket open (docs/architecture.md §8). */
  @Get('getLoggedInTrainers')
  @Roles('superuser')
  async getLoggedInTrainers() {
    return this.users.briefsOf(await this.presence.all(), true);
  }

  @Get('getAllTrainers')
  @Roles('superuser')
  @UseInterceptors(PaginatedResponse)
  getAllTrainers(@Query() query: AccountsQueryDto) {
    return this.trainers.listAccounts(query);
  }

  /** A superuser verifies a trainer or takes it back: 200 with the trainer as it now is. */
  @Put(':id/verify')
  @Roles('superuser')
  verify(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: TrainerVerificationDto) {
    return this.trainers.verify(auth, id, dto);
  }
}
