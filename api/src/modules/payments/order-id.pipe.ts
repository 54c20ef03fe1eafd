import { Injectable, NotFoundException, type PipeTransform } from '@nestjs/common';
import { PAYMENT_MESSAGES } from '@fitcoach/contracts';

/** A provider order id in a path (PayPal's 17 characters, `TEST-<uuid>`): anything else names no order, 404. */
@Injectable()
export class OrderIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(value)) throw new NotFoundException(PAYMENT_MESSAGES.orderNotFound);
    return value;
  }
}
