import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { LessonFormDto } from '@fitcoach/contracts';
import type { Response } from 'express';
import { Auth, type AuthContext, MaybeAuth, OptionalAuth, Roles } from '../../common/auth/auth.decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { imageUpload } from '../../common/media/image-upload.js';
import type { UploadedImage } from '../../common/media/media.service.js';
import { FieldErrorLists } from './field-error-lists.interceptor.js';
import { LessonsService } from './lessons.service.js';
import { RequestBound } from '../../common/http/request-timeout.interceptor.js';
import { ApiTags } from '@nestjs/swagger';
import { LIST, OBJECT, PROGRAMME_TRAINER } from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';

@ApiTags('lessons')
@Controller('fitness_programs')
export class LessonsController {
  constructor(private readonly lessons: LessonsService) {}

  /** Create (201) or, with `id`, edit (200): the spec's client accepts either status. */
  @RouteDoc({
    summary: 'Create a lesson, or edit one with `id`',
    ...PROGRAMME_TRAINER,
    notes:
      'YouTube links only; lesson numbers are unique per programme. Field errors come as lists per field.',
    form: { dto: LessonFormDto, file: 'image' },
    ok: { status: 201, description: 'Created', schema: OBJECT },
    alsoOk: { 200: 'Edited (with `id`)' },
    refusals: {
      400: 'A field breaking its rules, a video that is not YouTube, or a lesson number taken',
      403: "Someone else's programme, not a trainer, a blocked account, or the session cookie from another site",
      404: 'Unknown programme, or unknown lesson `id`',
      413: 'An image over 5 MB, or a body over its limit',
    },
  })
  @Post('createLesson/:programId')
  @Roles('trainer')
  @RequestBound('upload')
  @UseInterceptors(FieldErrorLists, imageUpload('image'))
  async createLesson(
    @Auth() auth: AuthContext,
    @Param('programId', IdPipe) programId: number,
    @Body() dto: LessonFormDto,
    @UploadedFile() image: UploadedImage | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { created, body } = await this.lessons.save(auth, programId, dto, image);
    res.status(created ? 201 : 200);
    return body;
  }

  @RouteDoc({
    summary: "A programme's lessons",
    access: 'anyone who may see the programme',
    caller: 'optional',
    notes: 'Video and image only for its trainer, superusers and active subscribers.',
    ok: { status: 200, description: 'The lessons, in order', schema: LIST },
    refusals: { 404: 'Unknown programme, or not visible to the caller' },
  })
  @Get('getLessons/:programId')
  @OptionalAuth()
  getLessons(@MaybeAuth() auth: AuthContext | null, @Param('programId', IdPipe) programId: number) {
    return this.lessons.list(auth, programId);
  }

  @RouteDoc({
    summary: 'Delete a lesson',
    ...PROGRAMME_TRAINER,
    ok: { status: 204, description: 'Deleted' },
    refusals: {
      403: "Someone else's lesson, not a trainer, a blocked account, or the session cookie from another site",
      404: 'Unknown lesson',
    },
  })
  @Delete('DeleteLesson/:lessonId')
  @Roles('trainer')
  @HttpCode(204)
  deleteLesson(@Auth() auth: AuthContext, @Param('lessonId', IdPipe) lessonId: number) {
    return this.lessons.remove(auth, lessonId);
  }
}
