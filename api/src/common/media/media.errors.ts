import { BadRequestException, HttpStatus, PayloadTooLargeException } from '@nestjs/common';
import { UPLOAD_MAX_BYTES } from '@fitcoach/contracts';
import { RetryLater } from '../rate-limit/rate-limit.js';
import { IMAGE_DECODES_RETRY_AFTER_SECONDS } from './media.constants.js';

const IMAGE_TOO_LARGE = `Image too large (max ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB)`;

export function imageTooLarge(field: string): PayloadTooLargeException {
  return new PayloadTooLargeException({
    message: IMAGE_TOO_LARGE,
    errors: [{ field, message: IMAGE_TOO_LARGE }],
  });
}

export function invalidImage(field: string, message: string): BadRequestException {
  return new BadRequestException({ message, errors: [{ field, message }] });
}

/** Not the upload's fault, so 503 as when the database is away (docs/architecture.md §10). */
export function decodesBusy(): RetryLater {
  return new RetryLater(
    IMAGE_DECODES_RETRY_AFTER_SECONDS,
    { message: 'Temporarily unavailable' },
    HttpStatus.SERVICE_UNAVAILABLE,
  );
}
