import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Res,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ProgressPhotoFormDto } from '@fitcoach/contracts';
import { Auth, type AuthContext } from '../../common/auth/auth.decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { RequestBound } from '../../common/http/request-timeout.interceptor.js';
import { imageUpload } from '../../common/media/image-upload.js';
import type { UploadedImage } from '../../common/media/media.service.js';
import { LIST, OBJECT } from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';
import { ProgressPhotosService } from './progress-photos.service.js';

const OWN = { access: 'a signed-in user, their own photos', caller: 'signed-in' } as const;

/** Progress photos, the private part of the training record (ADR 061). */
@ApiTags('training record')
@Controller('users/photos')
export class ProgressPhotosController {
  constructor(private readonly photos: ProgressPhotosService) {}

  @RouteDoc({
    summary: 'Add a progress photo',
    ...OWN,
    notes:
      'One photo per day and pose (front, side or back); a second one replaces it. The image is re-encoded without ' +
      'its metadata (camera, position) and kept out of public media.',
    form: { dto: ProgressPhotoFormDto, file: 'image' },
    ok: { status: 201, description: 'A new day and pose', schema: OBJECT },
    alsoOk: { 200: 'The day and pose had a photo: this one replaced it' },
    refusals: {
      400: 'No image, a file that is no image, a pose that is not front, side or back, a date in the future or over ten years back',
      413: 'An image over 5 MB',
      503: 'Too many images being decoded at once: retry after the `Retry-After` seconds',
    },
  })
  @Post()
  @RequestBound('upload')
  @UseInterceptors(imageUpload('image'))
  async add(
    @Auth() auth: AuthContext,
    @Body() dto: ProgressPhotoFormDto,
    @UploadedFile() image: UploadedImage | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { created, body } = await this.photos.save(auth, dto, image);
    res.status(created ? 201 : 200);
    return body;
  }

  @RouteDoc({
    summary: 'The caller’s progress photos',
    ...OWN,
    ok: { status: 200, description: 'Newest day first; front, side, back within a day', schema: LIST },
  })
  @Get()
  list(@Auth() auth: AuthContext) {
    return this.photos.list(auth);
  }

  @RouteDoc({
    summary: 'Delete one of the caller’s progress photos',
    ...OWN,
    ok: { status: 204, description: 'Deleted, its file with it' },
    refusals: { 404: "Unknown, or another member's photo" },
  })
  @Delete(':id')
  @HttpCode(204)
  remove(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.photos.remove(auth, id);
  }

  @RouteDoc({
    summary: 'The image of a progress photo',
    access: 'its member, and the trainers they share photos with while actively subscribed',
    caller: 'signed-in',
    notes: 'WebP, `Cache-Control: private, no-store`: no proxy or browser cache keeps it.',
    ok: { status: 200, description: 'The image', produces: 'image/webp' },
    refusals: { 404: 'Unknown, or a photo the caller may not see' },
  })
  @Get(':id/image')
  async image(
    @Auth() auth: AuthContext,
    @Param('id', IdPipe) id: number,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const image = await this.photos.image(auth, id);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(image, { type: 'image/webp', length: image.length });
  }
}
