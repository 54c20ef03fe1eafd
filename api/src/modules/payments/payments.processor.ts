import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobsService } from '../../common/jobs/jobs.service.js';
import { PaymentWebhooksService } from './payment-webhooks.service.js';
import './payments.jobs.js';
import { PaymentsService } from './payments.service.js';

/** Runs the `payments` queue's jobs; a failure rejects and JobsService retries it under its policy. */
@Injectable()
export class PaymentsProcessor implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly webhooks: PaymentWebhooksService,
    private readonly checkout: PaymentsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register('payments.webhook', 'payments', (job) => this.webhooks.process(job.eventId));
    this.jobs.register('payments.refund', 'payments', (job) => this.checkout.refundWithdrawn(job.paymentId));
  }
}
