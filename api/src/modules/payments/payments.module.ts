import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';
import { AccessModule } from '../access/access.module.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { SubscriptionStoreModule } from '../subscriptions/subscription-store.module.js';
import { PaymentEventEntity } from './payment-event.entity.js';
import { PaymentHistoryService } from './payment-history.service.js';
import { PaymentProvider } from './payment-provider.js';
import { PaymentWebhooksService } from './payment-webhooks.service.js';
import { PaymentEntity } from './payment.entity.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsProcessor } from './payments.processor.js';
import { PaymentMails } from './payment-mails.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import { PayPalClient } from './paypal.client.js';
import { TestPaymentProvider } from './test-payment.provider.js';

/** PayPal when PAYPAL_CLIENT_ID/SECRET are set, else the labelled test provider (docs/decisions/013-payments-design.md). */
export function createPaymentProvider(config: AppConfig): PaymentProvider {
  return config.paypal.provider === 'paypal'
    ? new PayPalClient(config.paypal, config.publicUrl, Date.now, config.siteName)
    : new TestPaymentProvider();
}

/**
 * Checkout with PayPal Orders v2 or the test provider, PayPal's webhooks, the payments queue's processor, and each
 * member's payment history with its receipts.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([PaymentEntity, PaymentEventEntity]),
    SubscriptionStoreModule,
    ProgramsModule,
    AccessModule,
  ],
  controllers: [PaymentsController],
  providers: [
    { provide: PaymentProvider, inject: [APP_CONFIG], useFactory: createPaymentProvider },
    PaymentsRepository,
    PaymentMails,
    PaymentsService,
    PaymentHistoryService,
    PaymentWebhooksService,
    PaymentsProcessor,
  ],
})
export class PaymentsModule {}
