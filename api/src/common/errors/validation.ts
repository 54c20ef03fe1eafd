import {
  type ArgumentMetadata,
  BadRequestException,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import { type ApiFieldError, reportedMessage } from '@fitcoach/contracts';
import { bodyKeysRefusal } from './body-keys.js';

function flatten(errors: ValidationError[], parent = ''): ApiFieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const message = reportedMessage(error.constraints);
    const own = message === undefined ? [] : [{ field, message }];
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

export function validationException(errors: ValidationError[]): BadRequestException {
  const fieldErrors = flatten(errors);
  return new BadRequestException({
    message: fieldErrors[0]?.message ?? 'Validation failed',
    errors: fieldErrors,
  });
}

export function fieldError(field: string, message: string): BadRequestException {
  return new BadRequestException({ message, errors: [{ field, message }] });
}

class DtoValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && metadata.metatype && this.toValidate(metadata)) {
      const refusal = bodyKeysRefusal(value, metadata.metatype as new () => object);
      if (refusal) throw refusal;
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new DtoValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: false,
    transform: true,
    // Rules are listed type, length, then pattern, so a value too long is refused before a pattern reads it.
    stopAtFirstError: true,
    exceptionFactory: validationException,
  });
}
