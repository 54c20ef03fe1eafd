import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OutboxService } from '../../common/jobs/outbox.service.js';
import { PaymentsRepository } from './payments.repository.js';

/**
 * The e-mails about a payment, written once each through the jobs outbox in the transaction that changes the
 * payment (docs/decisions/031-jobs-outbox.md): the receipt when it completes, the cancellation when PayPal refunds
 * or reverses it, and the refund of a programme withdrawn from sale before its capture completed. The dedupe key comes from the provider's order id, unique there, so a replay adds nothing.
 */
@Injectable()
export class PaymentMails {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly outbox: OutboxService,
  ) {}

  async receipt(manager: EntityManager, paymentId: number): Promise<void> {
    const payment = await this.payments.findWithBuyer(paymentId, manager);
    if (!payment?.user || !payment.program) return;
    await this.outbox.add(
      manager,
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
      { dedupeKey: `payment-receipt-${payment.provider}-${payment.orderId}` },
    );
  }

  /** `withdrawn`: the payment of a programme withdrawn from sale before it completed, which began no subscription. */
  async refund(
    manager: EntityManager,
    paymentId: number,
    options: { withdrawn?: boolean } = {},
  ): Promise<void> {
    const payment = await this.payments.findWithBuyer(paymentId, manager);
    if (!payment?.user || !payment.program) return;
    await this.outbox.add(
      manager,
      'mail.subscription-refunded',
      {
        ...(options.withdrawn ? { withdrawn: true } : {}),
        to: payment.user.email,
        firstName: payment.user.firstName,
        programName: payment.program.name,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        refundedAt: (payment.refundedAt ?? new Date()).toISOString(),
        orderId: payment.orderId,
      },
      { dedupeKey: `subscription-refunded-${payment.provider}-${payment.orderId}` },
    );
  }
}
