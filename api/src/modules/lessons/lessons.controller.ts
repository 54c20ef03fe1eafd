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

@Controller('fitness_programs')
export class LessonsController {
  constructor(private readonly lessons: LessonsService) {}

  /** Create (201) or, with `id`, edit (200): the spec's client accepts either status. */
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

  @Get('getLessons/:programId')
  @OptionalAuth()
  getLessons(@MaybeAuth() auth: AuthContext | null, @Param('programId', IdPipe) programId: number) {
    return this.lessons.list(auth, programId);
  }

  @Delete('DeleteLesson/:lessonId')
  @Roles('trainer')
  @HttpCode(204)
  deleteLesson(@Auth() auth: AuthContext, @Param('lessonId', IdPipe) lessonId: number) {
    return this.lessons.remove(auth, lessonId);
  }
}
