import { fromMinorUnits, type MyPaymentResponse, type SubscriptionResponse } from '@fitcoach/contracts';
import type { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import type { PaymentEntity } from './payment.entity.js';

export function toSubscriptionResponse(subscription: SubscriptionEntity): SubscriptionResponse {
  return {
    id: subscription.id,
    user: subscription.userId,
    program: subscription.programId,
    status: subscription.status,
    started_at: subscription.startedAt.toISOString(),
  };
}

/**
 * The number of a completed payment's receipt, "FC-2026-000042": the year it completed (UTC) and its id. Both are
 * fixed once it completes, so the number never changes and no two payments share one.
 */
export function receiptNumber(id: number, completedAt: Date): string {
  return `FC-${completedAt.getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

/** A payment of the caller's with its programme loaded (at least its id and name). */
export function toMyPaymentResponse(payment: PaymentEntity): MyPaymentResponse {
  return {
    id: payment.id,
    program: { id: payment.programId, name: payment.program?.name ?? '' },
    amount: fromMinorUnits(payment.amountMinor, payment.currency),
    currency: payment.currency,
    status: payment.status,
    provider: payment.provider,
    created_at: payment.createdAt.toISOString(),
    completed_at: payment.completedAt?.toISOString() ?? null,
    refunded_at: payment.refundedAt?.toISOString() ?? null,
    // Only a payment that completed has a receipt; a refund keeps it.
    receipt_number: payment.completedAt ? receiptNumber(payment.id, payment.completedAt) : null,
  };
}
