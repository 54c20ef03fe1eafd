/** The `payments` queue's job: a stored, verified webhook event to process (by its PayPal event id). */
export interface PaymentWebhookJob {
  eventId: string;
}

/** The `payments` queue's refund of a payment captured after its programme was withdrawn from sale. */
export interface PaymentRefundJob {
  paymentId: number;
}

declare module '@fitcoach/contracts' {
  interface JobPayloads {
    'payments.webhook': PaymentWebhookJob;
    'payments.refund': PaymentRefundJob;
  }
}
