import { Injectable, Logger } from '@nestjs/common';
import { JobsService } from '../../common/jobs/jobs.service.js';
import { PaymentsRepository } from './payments.repository.js';

/**
 * The e-mails about a payment, queued once each: the receipt when it completes, the cancellation when PayPal
 * refunds or reverses it. The job id comes from the provider's order id, unique there, so a replay queues nothing
 * new, even across database resets (Redis keeps ids). A mail that cannot be queued is logged; the payment stands.
 */
@Injectable()
export class PaymentMails {
  private readonly logger = new Logger(PaymentMails.name);

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly jobs: JobsService,
  ) {}

  async receipt(paymentId: number): Promise<void> {
    const payment = await this.payments.findWithBuyer(paymentId);
    if (!payment?.user || !payment.program) return;
    await this.queue(
      'Receipt',
      payment.id,
      this.jobs.enqueue(
        'mail.payment-receipt',
        {
          to: payment.user.email,
          firstName: payment.user.firstName,
          programName: payment.program.name,
          programId: payment.programId,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          paidAt: (payment.completedAt ?? new Date()).toISOString(),
          orderId: payment.orderId,
        },
        { jobId: `payment-receipt-${payment.provider}-${payment.orderId}` },
      ),
    );
  }

  async refund(paymentId: number): Promise<void> {
    const payment = await this.payments.findWithBuyer(paymentId);
    if (!payment?.user || !payment.program) return;
    await this.queue(
      'Refund e-mail',
      payment.id,
      this.jobs.enqueue(
        'mail.subscription-refunded',
        {
          to: payment.user.email,
          firstName: payment.user.firstName,
          programName: payment.program.name,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          refundedAt: (payment.refundedAt ?? new Date()).toISOString(),
          orderId: payment.orderId,
        },
        { jobId: `subscription-refunded-${payment.provider}-${payment.orderId}` },
      ),
    );
  }

  private async queue(what: string, paymentId: number, queued: Promise<unknown>): Promise<void> {
    try {
      await queued;
    } catch (error) {
      this.logger.error(`${what} of payment ${paymentId} not queued: ${(error as Error).message}`);
    }
  }
}
