import type { PaymentProvider as ProviderKind } from '@fitcoach/contracts';

/** What an order is for: always our programme row's price, currency and id, never the browser's. */
export interface NewOrder {
  programId: number;
  programName: string;
  amountMinor: number;
  currency: string;
  /** Same key, same order: two tabs creating an order at once get one (PayPal-Request-Id at PayPal). */
  idempotencyKey: string;
  /** The member, for the test provider's payer name. */
  payerName: string;
}

export interface CreatedOrder {
  orderId: string;
  /** Where a browser approves the order; null when the provider needs no approval (test). */
  approveUrl: string | null;
}

/** An order we hold open, as the provider sees it now: still payable, paid already, or gone (expired, voided). */
export type OrderState = { status: 'open'; approveUrl: string | null } | { status: 'captured' | 'closed' };

/** What the provider reports after a capture, checked against our payment row before anything is recorded. */
export interface CaptureResult {
  /** The order's status (PayPal: COMPLETED once captured). */
  status: string;
  captureId: string;
  captureStatus: string;
  amountMinor: number;
  currency: string;
  customId: string | null;
  payerName: string;
}

/** Why a provider call failed, as the payments service tells the member (docs/decisions/013-payments-design.md). */
export type ProviderFailure =
  | 'declined'
  | 'not-approved'
  | 'expired'
  | 'already-captured'
  | 'already-refunded'
  | 'unavailable'
  | 'timeout'
  | 'rejected';

export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';

  constructor(
    readonly failure: ProviderFailure,
    message: string,
  ) {
    super(message);
  }
}

/** PayPal Orders v2 or the labelled test provider, behind the same create/capture calls. */
export abstract class PaymentProvider {
  abstract readonly kind: ProviderKind;

  abstract createOrder(order: NewOrder): Promise<CreatedOrder>;

  /** Whether an order we hold open can still be approved and captured (PayPal forgets orders after a while). */
  abstract orderState(orderId: string): Promise<OrderState>;

  /** Captures an approved order; `idempotencyKey` is the same for every retry of one payment. */
  abstract capture(orderId: string, idempotencyKey: string): Promise<CaptureResult>;

  /** The completed capture of an order captured before (a lost answer, a capture by the webhook's side). */
  abstract capturedOrder(orderId: string): Promise<CaptureResult>;

  /**
   * Gives a capture's whole amount back; resolves once the provider took the refund, also when it had been refunded
   * before. `idempotencyKey` is the same for every retry of one refund.
   */
  abstract refund(captureId: string, idempotencyKey: string): Promise<void>;
}
