import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  type CaptureResult,
  type CreatedOrder,
  type NewOrder,
  type OrderState,
  PaymentProvider,
  PaymentProviderError,
} from './payment-provider.js';

interface TestOrder {
  order: NewOrder;
  captureId: string | null;
}

/**
 * The embedded default when no PayPal credentials are set: orders `TEST-<uuid>` that are approved at once and
 * captured in full, with the member as the payer. No money moves; production refuses it at start-up (app-config.ts).
 * Orders live in memory like PayPal's: after a restart an open one is gone ("expired") and a new one is created.
 */
export class TestPaymentProvider extends PaymentProvider {
  readonly kind = 'test' as const;
  private readonly orders = new Map<string, TestOrder>();
  /** Idempotency like PayPal-Request-Id: the same key creates the same order. */
  private readonly byKey = new Map<string, string>();

  constructor() {
    super();
    new Logger('Payments').warn(
      'Payment provider: test payments: no money moves (set PAYPAL_CLIENT_ID/SECRET)',
    );
  }

  createOrder(order: NewOrder): Promise<CreatedOrder> {
    let orderId = this.byKey.get(order.idempotencyKey);
    if (!orderId) {
      orderId = `TEST-${randomUUID()}`;
      this.byKey.set(order.idempotencyKey, orderId);
      this.orders.set(orderId, { order, captureId: null });
    }
    return Promise.resolve({ orderId, approveUrl: null });
  }

  orderState(orderId: string): Promise<OrderState> {
    const known = this.orders.get(orderId);
    if (!known) return Promise.resolve({ status: 'closed' });
    return Promise.resolve(
      known.captureId === null ? { status: 'open', approveUrl: null } : { status: 'captured' },
    );
  }

  capture(orderId: string): Promise<CaptureResult> {
    const known = this.orders.get(orderId);
    if (!known) return Promise.reject(new PaymentProviderError('expired', `Unknown test order ${orderId}`));
    if (known.captureId !== null) {
      return Promise.reject(new PaymentProviderError('already-captured', `Test order ${orderId} captured`));
    }
    known.captureId = `TESTCAPTURE-${randomUUID()}`;
    return Promise.resolve(this.result(known));
  }

  capturedOrder(orderId: string): Promise<CaptureResult> {
    const known = this.orders.get(orderId);
    if (!known?.captureId)
      return Promise.reject(new PaymentProviderError('expired', `No capture of ${orderId}`));
    return Promise.resolve(this.result(known));
  }

  refund(captureId: string): Promise<void> {
    const known = [...this.orders.values()].some((order) => order.captureId === captureId);
    return known
      ? Promise.resolve()
      : Promise.reject(new PaymentProviderError('rejected', `Unknown test capture ${captureId}`));
  }

  private result({ order, captureId }: TestOrder): CaptureResult {
    return {
      status: 'COMPLETED',
      captureId: captureId ?? '',
      captureStatus: 'COMPLETED',
      amountMinor: order.amountMinor,
      currency: order.currency,
      customId: String(order.programId),
      payerName: order.payerName,
    };
  }
}
