/** The `payments` queue's job: a stored, verified webhook event to process (by its PayPal event id). */
export interface PaymentWebhookJob {
  eventId: string;
}

declare module '@fitcoach/contracts' {
  interface JobPayloads {
    'payments.webhook': PaymentWebhookJob;
  }
}
