import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { type ApiFieldError, reportedMessage } from '@fitcoach/contracts';

function flatten(errors: ValidationError[], parent = ''): ApiFieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const message = reportedMessage(error.constraints);
    const own = message === undefined ? [] : [{ field, message }];
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** Turns class-validator failures into `400 {message, errors: [{field, message}]}`. */
export function validationException(errors: ValidationError[]): BadRequestException {
  const fieldErrors = flatten(errors);
  return new BadRequestException({
    message: fieldErrors[0]?.message ?? 'Validation failed',
    errors: fieldErrors,
  });
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: false,
    transform: true,
    exceptionFactory: validationException,
  });
}
