import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { UPLOAD_MAX_BYTES } from '@fitcoach/contracts';

const IMAGE_TOO_LARGE = `Image too large (max ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB)`;

/** 413 with the field named, whether multer or MediaService noticed the size. */
export function imageTooLarge(field: string): PayloadTooLargeException {
  return new PayloadTooLargeException({
    message: IMAGE_TOO_LARGE,
    errors: [{ field, message: IMAGE_TOO_LARGE }],
  });
}

export function invalidImage(field: string, message: string): BadRequestException {
  return new BadRequestException({ message, errors: [{ field, message }] });
}
