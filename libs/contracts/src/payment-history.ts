import type { PaymentProvider, PaymentStatus } from './subscriptions.js';

/** `GET /api/payments/mine/`; `receipt_number` is null for a payment that never completed (a refund keeps it). */
export interface MyPaymentResponse {
  id: number;
  program: { id: number; name: string };
  amount: number;
  currency: string;
  status: PaymentStatus;
  provider: PaymentProvider;
  created_at: string;
  completed_at: string | null;
  refunded_at: string | null;
  receipt_number: string | null;
}

/** The refusal of `GET /api/payments/mine/{id}/receipt/`: another member's payment, an unknown one, or one never paid. */
export const RECEIPT_MESSAGES = {
  notFound: 'Receipt not found',
} as const;
