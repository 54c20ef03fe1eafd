import {
  BadGatewayException,
  BadRequestException,
  GatewayTimeoutException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { fullName, PAYMENT_MESSAGES } from '@fitcoach/contracts';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';
import { OutboxService } from '../../common/jobs/outbox.service.js';
import { PaymentMails } from './payment-mails.js';
import { PaymentProvider, PaymentProviderError } from './payment-provider.js';
import './payments.jobs.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import { fromPayPalValue, PayPalClient, type WebhookTransmission } from './paypal.client.js';

/** The parts of a PayPal webhook event we read; everything else is kept in the stored payload. */
interface PayPalEvent {
  id: string;
  event_type: string;
  resource?: PayPalEventResource;
}

interface PayPalEventResource {
  id?: string;
  status?: string;
  custom_id?: string;
  amount?: { currency_code?: string; value?: string };
  supplementary_data?: { related_ids?: { order_id?: string; capture_id?: string } };
  links?: { href?: string; rel?: string }[];
}

type Outcome = 'processed' | 'ignored';

function isEvent(body: unknown): body is PayPalEvent {
  const event = body as Partial<PayPalEvent> | null;
  return (
    typeof event === 'object' &&
    event !== null &&
    typeof event.id === 'string' &&
    event.id !== '' &&
    event.id.length <= 100 &&
    typeof event.event_type === 'string' &&
    event.event_type !== '' &&
    event.event_type.length <= 100
  );
}

/**
 * PayPal's webhooks (docs/decisions/013-payments-design.md): a delivery is believed only when PayPal's
 * verify-webhook-signature says so, stored once by event id with its job in the outbox
 * (docs/decisions/031-jobs-outbox.md), and processed by the `payments` queue, so that a payment whose browser went
 * away still ends in a subscription and a refund ends one.
 */
@Injectable()
export class PaymentWebhooksService {
  private readonly logger = new Logger('PaymentWebhooks');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly provider: PaymentProvider,
    private readonly payments: PaymentsRepository,
    private readonly checkout: PaymentsService,
    private readonly outbox: OutboxService,
    private readonly mails: PaymentMails,
  ) {}

  /** With the test provider (or no PAYPAL_WEBHOOK_ID) there is nothing to verify against: 404. */
  async receive(headers: Record<string, string | string[] | undefined>, body: unknown): Promise<object> {
    const webhookId = this.config.paypal.provider === 'paypal' ? this.config.paypal.webhookId : undefined;
    if (!(this.provider instanceof PayPalClient) || !webhookId) {
      throw new NotFoundException(PAYMENT_MESSAGES.webhooksOff);
    }
    const transmission = readTransmission(headers);
    if (!transmission) throw new BadRequestException(PAYMENT_MESSAGES.webhookUnsigned);
    if (!isEvent(body)) throw new BadRequestException(PAYMENT_MESSAGES.webhookMalformed);
    if (!(await this.verify(this.provider, webhookId, transmission, body))) {
      this.logger.warn(`Webhook ${body.id} (${body.event_type}) failed signature verification: ignored`);
      throw new BadRequestException(PAYMENT_MESSAGES.webhookForged);
    }
    // The event and its job commit together before PayPal hears 2xx. A redelivery adds nothing: the job of an event
    // still waiting is in the outbox already (its dedupe key makes adding it again a no-op).
    await this.dataSource.transaction(async (manager) => {
      const stored = await this.payments.insertEvent(manager, {
        eventId: body.id,
        eventType: body.event_type,
        resourceId: typeof body.resource?.id === 'string' ? body.resource.id.slice(0, 64) : null,
        payload: JSON.stringify(body),
      });
      if (!stored && (await this.payments.findEvent(body.id, manager))?.status !== 'received') return;
      await this.outbox.add(
        manager,
        'payments.webhook',
        { eventId: body.id },
        { dedupeKey: `paypal-event-${body.id}` },
      );
    });
    return {};
  }

  /** The `payments.webhook` job: the stored event, processed once. */
  async process(eventId: string): Promise<void> {
    const event = await this.payments.findEvent(eventId);
    if (!event || event.status !== 'received') return;
    const payload = JSON.parse(event.payload) as PayPalEvent;
    const outcome = await this.handle(payload);
    await this.payments.finishEvent(event.id, outcome);
    this.logger.log(`Webhook ${event.eventId} (${event.eventType}): ${outcome}`);
  }

  private handle(event: PayPalEvent): Promise<Outcome> {
    const resource = event.resource ?? {};
    switch (event.event_type) {
      case 'PAYMENT.CAPTURE.COMPLETED':
        return this.captureCompleted(resource);
      case 'PAYMENT.CAPTURE.REFUNDED':
      case 'PAYMENT.CAPTURE.REVERSED':
        return this.captureRefunded(event.event_type, resource);
      default:
        return Promise.resolve('ignored');
    }
  }

  /** The capture completed at PayPal: recorded exactly as our capture endpoint would, if it has not been. */
  private async captureCompleted(resource: PayPalEventResource): Promise<Outcome> {
    const payment = await this.findPayment(resource.supplementary_data?.related_ids?.order_id, resource.id);
    if (!payment || resource.status !== 'COMPLETED' || !resource.id) return 'ignored';
    // Recorded already: completed, or refunded since (its programme withdrawn before the capture came in, say).
    if (payment.status === 'completed' || payment.captureId === resource.id) return 'processed';
    if (payment.status !== 'created') {
      this.logger.error(
        `PayPal completed capture ${resource.id} of payment ${payment.id}, which is ${payment.status}: ` +
          'no subscription was started; refund it in PayPal',
      );
      return 'ignored';
    }
    const capture = {
      amountMinor: fromPayPalValue(resource.amount?.value, resource.amount?.currency_code ?? ''),
      currency: resource.amount?.currency_code ?? '',
      customId: resource.custom_id ?? null,
    };
    if (!this.checkout.matches(payment, capture)) {
      this.logger.error(
        `Webhook capture ${resource.id} does not match payment ${payment.id}: ${capture.amountMinor} ` +
          `${capture.currency} for programme ${capture.customId}; marked failed`,
      );
      await this.payments.markFailed(payment.id);
      return 'ignored';
    }
    const buyer = await this.payments.findWithBuyer(payment.id);
    await this.checkout.recordCompletion(payment, {
      captureId: resource.id,
      payerName: fullName(buyer?.user?.firstName, buyer?.user?.lastName),
    });
    return 'processed';
  }

  /** Refunded or reversed: the payment stops counting as revenue and its subscription ends. */
  private async captureRefunded(eventType: string, resource: PayPalEventResource): Promise<Outcome> {
    // A refund's resource is the refund, which links "up" to its capture; a reversal's resource is the capture.
    const upLink = resource.links?.find((link) => link.rel === 'up')?.href;
    const captureId =
      resource.supplementary_data?.related_ids?.capture_id ??
      (upLink ? /\/captures\/([^/?#]+)/.exec(upLink)?.[1] : undefined) ??
      (eventType === 'PAYMENT.CAPTURE.REVERSED' ? resource.id : undefined);
    const orderId = resource.supplementary_data?.related_ids?.order_id;
    const payment = await this.findPayment(orderId, captureId);
    if (!payment) return 'ignored';
    const at = new Date();
    const refunded = await this.dataSource.transaction(async (manager) => {
      if (!(await this.payments.refund(manager, payment.id, at))) return false;
      await this.mails.refund(manager, payment.id);
      return true;
    });
    if (!refunded) return payment.status === 'refunded' ? 'processed' : 'ignored';
    this.logger.log(`Payment ${payment.id} (order ${payment.orderId}) refunded: subscription ended`);
    return 'processed';
  }

  private async findPayment(orderId: string | undefined, captureId: string | undefined) {
    const byOrder = orderId ? await this.payments.findByOrder('paypal', orderId) : null;
    return byOrder ?? (captureId ? await this.payments.findByCapture(captureId) : null);
  }

  private async verify(
    client: PayPalClient,
    webhookId: string,
    transmission: WebhookTransmission,
    event: PayPalEvent,
  ): Promise<boolean> {
    try {
      return await client.verifyWebhook(webhookId, transmission, event);
    } catch (error) {
      // PayPal redelivers a webhook that was not answered 2xx: a 5xx here is a later retry, not a loss.
      if (error instanceof PaymentProviderError && error.failure === 'timeout') {
        throw new GatewayTimeoutException(PAYMENT_MESSAGES.unavailable);
      }
      if (error instanceof PaymentProviderError && error.failure === 'unavailable') {
        throw new BadGatewayException(PAYMENT_MESSAGES.unavailable);
      }
      // PayPal refused to check it (a made-up certificate URL, say): not verified.
      if (error instanceof PaymentProviderError) return false;
      throw error;
    }
  }
}

/** The PayPal-Transmission-* headers of a delivery, or null when one is missing (an unsigned request). */
function readTransmission(
  headers: Record<string, string | string[] | undefined>,
): WebhookTransmission | null {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const transmissionId = header('paypal-transmission-id');
  const transmissionTime = header('paypal-transmission-time');
  const transmissionSig = header('paypal-transmission-sig');
  const certUrl = header('paypal-cert-url');
  const authAlgo = header('paypal-auth-algo');
  if (!transmissionId || !transmissionTime || !transmissionSig || !certUrl || !authAlgo) return null;
  return { transmissionId, transmissionTime, transmissionSig, certUrl, authAlgo };
}
