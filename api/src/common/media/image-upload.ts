import {
  type CallHandler,
  type ExecutionContext,
  mixin,
  type NestInterceptor,
  PayloadTooLargeException,
  type Type,
} from '@nestjs/common';
import { mkdir, readFile, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileInterceptor } from '@nestjs/platform-express';
import { UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import { diskStorage } from 'multer';
import type { Observable } from 'rxjs';
import { imageTooLarge } from './media.errors.js';
import type { UploadedImage } from './media.service.js';

/** On disk, so that many large or slow uploads hold no memory (ADR 040). */
export const UPLOAD_TEMP_DIR = join(tmpdir(), `fitcoach-uploads-${process.pid}`);

const storage = diskStorage({
  destination: (_req, _file, done) => {
    mkdir(UPLOAD_TEMP_DIR, { recursive: true }).then(
      () => done(null, UPLOAD_TEMP_DIR),
      (error: Error) => done(error, UPLOAD_TEMP_DIR),
    );
  },
});

/** One interceptor, so that every upload route has the same limits; the file is removed before the route runs. */
export function imageUpload(field: string): Type<NestInterceptor> {
  class ImageUploadInterceptor extends FileInterceptor(field, {
    storage,
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 1,
      fields: 50,
      fieldSize: 64 * 1024,
    },
  }) {
    override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      let route: Observable<unknown>;
      try {
        route = await super.intercept(context, next);
      } catch (error) {
        throw error instanceof PayloadTooLargeException ? imageTooLarge(field) : error;
      }
      const file = context
        .switchToHttp()
        .getRequest<{ file?: Partial<UploadedImage> & { path?: string } }>().file;
      if (file?.path) {
        try {
          file.buffer = await readFile(file.path);
        } finally {
          await unlink(file.path).catch(() => undefined);
        }
      }
      return route;
    }
  }
  return mixin(ImageUploadInterceptor);
}
