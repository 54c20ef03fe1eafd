import {
  type CallHandler,
  type ExecutionContext,
  mixin,
  type NestInterceptor,
  PayloadTooLargeException,
  type Type,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import { memoryStorage } from 'multer';
import type { Observable } from 'rxjs';
import { imageTooLarge } from './media.errors.js';

/**
 * The interceptor for a route that receives one image in `field` (multipart/form-data), so that every upload
 * route has the same limits. The file stays in memory for MediaService.storeImage, which re-encodes it.
 * Nest already turns multer's errors into 4xx exceptions; the size one is given our message and the field.
 */
export function imageUpload(field: string): Type<NestInterceptor> {
  class ImageUploadInterceptor extends FileInterceptor(field, {
    storage: memoryStorage(),
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 1,
      // The text fields beside the image: enough for any of our forms, small enough to be cheap to parse.
      fields: 50,
      fieldSize: 64 * 1024,
    },
  }) {
    override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      try {
        return await super.intercept(context, next);
      } catch (error) {
        throw error instanceof PayloadTooLargeException ? imageTooLarge(field) : error;
      }
    }
  }
  return mixin(ImageUploadInterceptor);
}
