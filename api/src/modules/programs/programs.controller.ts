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
import { PagedGet } from '../../common/http/paged-get.js';
import { imageUpload } from '../../common/media/image-upload.js';
import type { UploadedImage } from '../../common/media/media.service.js';
import { ProgramModerationService } from './program-moderation.service.js';
import { ProgramsService } from './programs.service.js';
import { RequestBound } from '../../common/http/request-timeout.interceptor.js';
import { ApiTags } from '@nestjs/swagger';
import {
  COUNT,
  LIST,
  OBJECT,
  PAGE,
  PROGRAMME_TRAINER,
  SUPERUSER,
  SUPERUSER_BEARER,
  TRAINER,
  message,
  pagedList,
} from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';

@ApiTags('programmes')
@Controller('fitness_programs')
export class ProgramsController {
  constructor(
    private readonly programs: ProgramsService,
    private readonly moderation: ProgramModerationService,
  ) {}

  @RouteDoc({
    summary: 'Create a programme',
    ...TRAINER,
    notes: "Always the caller's, always unpublished; `currency` never changes afterwards.",
    form: { dto: CreateProgramDto, file: 'cover_image' },
    ok: {
      status: 201,
      description: 'Created',
      schema: { type: 'object', properties: { message: { type: 'string' }, id: { type: 'integer' } } },
    },
    refusals: { 413: 'A cover over 5 MB, or a body over its limit' },
  })
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

  @RouteDoc({
    summary: 'Edit a programme',
    ...PROGRAMME_TRAINER,
    notes:
      'Absent, blank or "null" fields are unchanged. A published programme whose name, description or price ' +
      'changes goes back to review (`back_to_review: true`).',
    form: { dto: UpdateProgramDto, file: 'cover_image' },
    ok: {
      status: 200,
      description: 'Updated',
      schema: {
        type: 'object',
        properties: { message: { type: 'string' }, back_to_review: { type: 'boolean' } },
      },
    },
    refusals: {
      403: "Someone else's programme, not a trainer, a blocked account, or the session cookie from another site",
      404: 'Unknown programme',
      413: 'A cover over 5 MB, or a body over its limit',
    },
  })
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

  @RouteDoc({
    summary: 'The published catalogue, newest first, paged',
    access: 'anyone',
    caller: 'optional',
    query: ProgramListQueryDto,
    ok: { status: 200, description: 'Published programmes', schema: PAGE },
    refusals: { 400: 'A malformed page, page_size, category, level or q (repeated or bracketed included)' },
  })
  @Get('retrive_all')
  @OptionalAuth()
  // The published catalogue is the same for everyone: signed-in callers share the anonymous answer.
  @UseInterceptors(PaginatedResponse, CacheForEveryone)
  retrieveAll(@Query() query: ProgramListQueryDto) {
    return this.programs.listPublished(query);
  }

  @RouteDoc({
    summary: 'One programme',
    access: 'anyone; an unpublished one only its trainer and superusers',
    caller: 'optional',
    notes:
      "With what the caller may do: `can_watch` (watch its lessons' videos: its trainer, superusers, an active " +
      'subscriber) and `can_edit` (edit it: its trainer only); both false for anonymous callers, whose answer ' +
      'alone is cached.',
    ok: { status: 200, description: 'The programme', schema: OBJECT },
    refusals: { 404: 'Unknown, or not visible to the caller' },
  })
  @Get('get_programme/:id')
  @OptionalAuth()
  @UseInterceptors(CacheForAnonymous)
  getProgram(@MaybeAuth() auth: AuthContext | null, @Param('id', IdPipe) id: number) {
    return this.programs.getVisible(auth, id);
  }

  @RouteDoc({
    summary: "A trainer's programmes",
    access: 'anyone; unpublished ones only the trainer and superusers',
    caller: 'optional',
    ok: { status: 200, description: 'The programmes the caller may see', schema: LIST },
    refusals: { 404: 'Unknown or unlisted trainer' },
  })
  @Get('get_trainer_programme/:trainerId')
  @OptionalAuth()
  @UseInterceptors(CacheForAnonymous)
  getTrainerPrograms(@MaybeAuth() auth: AuthContext | null, @Param('trainerId', IdPipe) trainerId: number) {
    return this.programs.listByTrainer(auth, trainerId);
  }

  @PagedGet('retrive_all_programs', {
    summary: 'Every programme, paged',
    ...SUPERUSER,
    query: AdminProgramsQueryDto,
    ok: { status: 200, description: 'Newest first', schema: PAGE },
    refusals: { 400: 'A malformed page, page_size, status or trainer' },
  })
  retrieveAllPrograms(@Query() query: AdminProgramsQueryDto) {
    return this.moderation.listAll(query);
  }

  @RouteDoc({
    summary: 'Ask for publication',
    access: "the programme's trainer, with a Bearer token",
    caller: 'bearer',
    role: 'trainer',
    notes: 'Never publishes by itself: a superuser decides.',
    ok: message('Requested'),
    refusals: {
      403: "Someone else's programme, not a trainer, a blocked account, or the session cookie",
      404: 'Unknown programme',
    },
  })
  @Get('publishRequest/:id')
  @ChangesStateOnGet()
  @Roles('trainer')
  publishRequest(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.programs.requestPublication(auth, id);
  }

  @PagedGet('getPublishRequests', {
    summary: 'Programmes waiting for approval, paged',
    ...SUPERUSER,
    ...pagedList('The waiting programmes'),
  })
  getPublishRequests(@Query() query: PaginationQueryDto) {
    return this.moderation.listPendingRequests(query);
  }

  @RouteDoc({
    summary: 'Publish a programme',
    ...SUPERUSER_BEARER,
    notes: 'Recorded in the audit log.',
    ok: message('Published'),
    refusals: { 404: 'Unknown programme' },
  })
  @Get('publishprogram/:id')
  @ChangesStateOnGet()
  @Roles('superuser')
  publishProgram(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.moderation.publish(auth, id);
  }

  /** Beyond the contract: sends a programme waiting for approval back to its trainer with a reason. */
  @RouteDoc({
    summary: 'Send a waiting programme back to its trainer',
    ...SUPERUSER,
    notes: 'The trainer gets a notification and an e-mail with the reason; recorded in the audit log.',
    body: RejectProgramDto,
    ok: message('"Program Rejected"'),
    refusals: {
      400: 'A missing, blank or too long reason',
      404: 'Unknown programme',
      409: 'Only a programme waiting for approval can be rejected',
    },
  })
  @Post('reject/:id')
  @HttpCode(200)
  @Roles('superuser')
  reject(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number, @Body() dto: RejectProgramDto) {
    return this.moderation.reject(auth, id, dto);
  }

  @RouteDoc({
    summary: 'Publish or block a programme',
    ...SUPERUSER_BEARER,
    notes: 'Recorded in the audit log.',
    ok: message('Published or blocked'),
    refusals: { 404: 'Unknown programme' },
  })
  @Get('changePublishStatus/:id')
  @ChangesStateOnGet()
  @Roles('superuser')
  changePublishStatus(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.moderation.togglePublished(auth, id);
  }

  @RouteDoc({
    summary: 'How many programmes there are',
    ...SUPERUSER,
    ok: { status: 200, description: 'Every programme', schema: COUNT, example: [12] },
  })
  @Get('getProgramCount')
  @Roles('superuser')
  getProgramCount() {
    return this.moderation.count();
  }
}
