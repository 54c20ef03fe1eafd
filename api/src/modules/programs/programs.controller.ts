import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  AdminProgramsQueryDto,
  CreateProgramDto,
  PaginationQueryDto,
  ProgramListQueryDto,
  RejectProgramDto,
  UpdateProgramDto,
} from '@fitcoach/contracts';
import {
  Auth,
  type AuthContext,
  ChangesStateOnGet,
  MaybeAuth,
  OptionalAuth,
  Roles,
} from '../../common/auth/auth.decorators.js';
import { CacheForAnonymous, CacheForEveryone } from '../../common/cache/cache-for-anonymous.interceptor.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { PaginatedResponse } from '../../common/http/pagination.interceptor.js';
import { imageUpload } from '../../common/media/image-upload.js';
import type { UploadedImage } from '../../common/media/media.service.js';
import { ProgramModerationService } from './program-moderation.service.js';
import { ProgramsService } from './programs.service.js';
import { RequestBound } from '../../common/http/request-timeout.interceptor.js';

@Controller('fitness_programs')
export class ProgramsController {
  constructor(
    private readonly programs: ProgramsService,
    private readonly moderation: ProgramModerationService,
  ) {}

  @Post('create')
  @Roles('trainer')
  @RequestBound('upload')
  @UseInterceptors(imageUpload('cover_image'))
  create(
    @Auth() auth: AuthContext,
    @Body() dto: CreateProgramDto,
    @UploadedFile() cover: UploadedImage | undefined,
  ) {
    return this.programs.create(auth, dto, cover);
  }

  @Put('update/:id')
  @Roles('trainer')
  @RequestBound('upload')
  @UseInterceptors(imageUpload('cover_image'))
  update(
    @Auth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Body() dto: UpdateProgramDto,
    @UploadedFile() cover: UploadedImage | undefined,
  ) {
    return this.programs.update(auth, id, dto, cover);
  }

  @Get('retrive_all')
  @OptionalAuth()
  // The published catalogue is the same for everyone: signed-in callers share the anonymous answer.
  @UseInterceptors(PaginatedResponse, CacheForEveryone)
  retrieveAll(@Query() query: ProgramListQueryDto) {
    return this.programs.listPublished(query);
  }

  @Get('get_programme/:id')
  @OptionalAuth()
  @UseInterceptors(CacheForAnonymous)
  getProgram(@MaybeAuth() auth: AuthContext | null, @Param('id', IdPipe) id: number) {
    return this.programs.getVisible(auth, id);
  }

  @Get('get_trainer_programme/:trainerId')
  @OptionalAuth()
  @UseInterceptors(CacheForAnonymous)
  getTrainerPrograms(@MaybeAuth() auth: AuthContext | null, @Param('trainerId', IdPipe) trainerId: number) {
    return this.programs.listByTrainer(auth, trainerId);
  }

  @Get('retrive_all_programs')
  @Roles('superuser')
  @UseInterceptors(PaginatedResponse)
  retrieveAllPrograms(@Query() query: AdminProgramsQueryDto) {
    return this.moderation.listAll(query);
  }

  @Get('publishRequest/:id')
  @ChangesStateOnGet()
  @Roles('trainer')
  publishRequest(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.programs.requestPublication(auth, id);
  }

  @Get('getPublishRequests')
  @Roles('superuser')
  @UseInterceptors(PaginatedResponse)
  getPublishRequests(@Query() query: PaginationQueryDto) {
    return this.moderation.listPendingRequests(query);
  }

  @Get('publishprogram/:id')
  @ChangesStateOnGet()
  @Roles('superuser')
  publishProgram(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.moderation.publish(auth, id);
  }

  /** Beyond the contract: sends a programme waiting for approval back to its trainer with a reason. */
  @Post('reject/:id')
  @HttpCode(200)
  @Roles('superuser')
  reject(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: RejectProgramDto) {
    return this.moderation.reject(auth, id, dto);
  }

  @Get('changePublishStatus/:id')
  @ChangesStateOnGet()
  @Roles('superuser')
  changePublishStatus(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.moderation.togglePublished(auth, id);
  }

  @Get('getProgramCount')
  @Roles('superuser')
  getProgramCount() {
    return this.moderation.count();
  }
}
