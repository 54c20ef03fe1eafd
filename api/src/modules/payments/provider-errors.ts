import {
  BadGatewayException,
  ConflictException,
  GatewayTimeoutException,
  HttpException,
  HttpStatus,
} from '@nestjs/common';
import { PAYMENT_MESSAGES } from '@fitcoach/contracts';
import { PaymentProviderError } from './payment-provider.js';

/** A provider's failure as the member's answer (docs/api.md: payment refusals); any other error unchanged. */
export function providerFailureToHttp(error: unknown): unknown {
  if (!(error instanceof PaymentProviderError)) return error;
  switch (error.failure) {
    case 'declined':
      return new HttpException(PAYMENT_MESSAGES.declined, HttpStatus.PAYMENT_REQUIRED);
    case 'not-approved':
      return new ConflictException(PAYMENT_MESSAGES.notApproved);
    case 'expired':
      return new ConflictException(PAYMENT_MESSAGES.orderExpired);
    case 'already-captured':
    case 'already-refunded':
      return new ConflictException(PAYMENT_MESSAGES.orderClosed);
    case 'timeout':
      return new GatewayTimeoutException(PAYMENT_MESSAGES.unavailable);
    case 'unavailable':
    case 'rejected':
      return new BadGatewayException(PAYMENT_MESSAGES.unavailable);
  }
}

/** Runs a provider call, turning its failures into the member's messages. */
export async function callProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerFailureToHttp(error);
  }
}
