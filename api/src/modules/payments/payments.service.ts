import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  type CaptureResponse,
  type CreateOrderDto,
  type CreateOrderResponse,
  CURRENCIES,
  fullName,
  PAYMENT_MESSAGES,
  type PaymentsConfigResponse,
  SUBSCRIPTION_MESSAGES,
  transactionCompletedMessage,
} from '@fitcoach/contracts';
import { Permission } from '../access/access.rules.js';
import { AccessService } from '../access/access.service.js';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';
import { OutboxService } from '../../common/jobs/outbox.service.js';
import { ProgramsService } from '../programs/programs.service.js';
import type { ProgramEntity } from '../programs/program.entity.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { type CaptureResult, PaymentProvider, PaymentProviderError } from './payment-provider.js';
import { callProvider, providerFailureToHttp } from './provider-errors.js';
import type { PaymentEntity } from './payment.entity.js';
import { toSubscriptionResponse } from './payments.mapper.js';
import { PaymentMails } from './payment-mails.js';
import './payments.jobs.js';
import { PaymentsRepository } from './payments.repository.js';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DOMAIN_EVENTS, type SubscriptionStartedEvent } from '../../common/events/domain-events.js';

/**
 * What the member hears when their programme was withdrawn from sale (blocked, unpublished, back in review, its
 * trainer blocked) between the order and its capture.
 */
export const WITHDRAWN_MESSAGES = {
  notCharged: 'This programme is no longer available, so you were not charged.',
  refunded: 'This programme is no longer available, so your payment was refunded.',
} as const;

/** What a capture reported, once checked: enough to record the payment. */
export interface CheckedCapture {
  captureId: string;
  payerName: string;
}

/**
 * Checkout (docs/decisions/013-payments-design.md): one open order per member and programme, priced from our
 * programme row; a capture checked against that row and recorded with its subscription in one transaction,
 * idempotent by payment and capture id. The webhook processor records through the same `recordCompletion`. A
 * programme withdrawn from sale since the order is not captured, and a capture of it that completed anyway is
 * refunded.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');
  /** Captures under way in this process: a double click waits for the first instead of calling PayPal again. */
  private readonly capturing = new Map<number, Promise<CaptureResponse>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly provider: PaymentProvider,
    private readonly payments: PaymentsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly programs: ProgramsService,
    private readonly mails: PaymentMails,
    private readonly events: EventEmitter2,
    private readonly outbox: OutboxService,
    private readonly access: AccessService,
  ) {}

  paymentsConfig(): PaymentsConfigResponse {
    const paypal = this.config.paypal;
    return paypal.provider === 'paypal'
      ? {
          provider: 'paypal',
          client_id: paypal.clientId,
          currencies: [...CURRENCIES],
          sdk_url: paypal.sdkUrl,
        }
      : { provider: 'test', client_id: null, currencies: [...CURRENCIES], sdk_url: null };
  }

  async createOrder(auth: AuthContext, dto: CreateOrderDto): Promise<CreateOrderResponse> {
    // Published by a trainer who is not blocked, whoever asks: nobody buys an unpublished programme, owner included.
    const program = await this.programs.findVisible(null, dto.program_id);
    await this.access.requireAccess(auth, Permission.ProgramSubscribe, program);
    if (dto.currency !== undefined && dto.currency !== program.currency) {
      throw new BadRequestException(PAYMENT_MESSAGES.currencyMismatch(program.currency));
    }
    if (await this.subscriptions.isActiveSubscriber(auth.user.id, program.id)) {
      throw new ConflictException(SUBSCRIPTION_MESSAGES.alreadySubscribed);
    }
    const reused = await this.reuseOpenOrder(auth, program);
    if (reused) return reused;

    // Requests that race here compute the same key, so the provider gives them one order (PayPal-Request-Id); the
    // unique index on the open order then keeps one row, and the loser answers with the winner's order.
    const generation = await this.payments.countFor(auth.user.id, program.id);
    const created = await callProvider(() =>
      this.provider.createOrder({
        programId: program.id,
        programName: program.name,
        amountMinor: program.priceMinor,
        currency: program.currency,
        idempotencyKey: `fitcoach-order-${auth.user.id}-${program.id}-${generation}`,
        payerName: fullName(auth.user.firstName, auth.user.lastName),
      }),
    );
    const row = await this.payments.insertOpen({
      provider: this.provider.kind,
      orderId: created.orderId,
      userId: auth.user.id,
      programId: program.id,
      amountMinor: program.priceMinor,
      currency: program.currency,
    });
    if (row) return { id: created.orderId, approve_url: created.approveUrl };
    const winner = await this.payments.findOpen(auth.user.id, program.id);
    if (!winner) throw new ConflictException(PAYMENT_MESSAGES.orderClosed);
    if (winner.orderId === created.orderId) return { id: created.orderId, approve_url: created.approveUrl };
    const state = await callProvider(() => this.provider.orderState(winner.orderId));
    return { id: winner.orderId, approve_url: state.status === 'open' ? state.approveUrl : null };
  }

  /** Captures the caller's own order, or answers as the first capture did when it was captured before. */
  async capture(auth: AuthContext, orderId: string): Promise<CaptureResponse> {
    const payment = await this.payments.findByOrder(this.provider.kind, orderId);
    if (!payment) throw new NotFoundException(PAYMENT_MESSAGES.orderNotFound);
    await this.access.requireAccess(auth, Permission.PaymentRead, payment);
    return this.captureOnce(payment.id);
  }

  /**
   * Records a checked capture: the payment completed, its subscription opened and its receipt's job written, in one
   * transaction; or, when the programme was withdrawn from sale meanwhile, the payment refunded with no subscription.
   * Only the first of any concurrent recordings (capture, replay, webhook) changes anything.
   */
  async recordCompletion(payment: PaymentEntity, capture: CheckedCapture): Promise<boolean> {
    const completedAt = new Date();
    if (!(await this.programs.isOnSale(payment.programId))) {
      return this.recordWithdrawn(payment, capture, completedAt);
    }
    const recorded = await this.dataSource.transaction(async (manager) => {
      if (!(await this.payments.complete(manager, payment.id, { ...capture, completedAt }))) return false;
      await this.subscriptions.activate(manager, {
        userId: payment.userId,
        programId: payment.programId,
        paymentId: payment.id,
        startedAt: completedAt,
      });
      await this.mails.receipt(manager, payment.id);
      return true;
    });
    if (recorded) {
      await this.events.emitAsync(DOMAIN_EVENTS.subscriptionStarted, {
        userId: payment.userId,
        programId: payment.programId,
      } satisfies SubscriptionStartedEvent);
      this.logger.log(
        `Payment ${payment.id} (order ${payment.orderId}) completed by capture ${capture.captureId}`,
      );
    }
    return recorded;
  }

  /** The `payments.refund` job: gives a withdrawn programme's payment back at the provider, then mails the member. */
  async refundWithdrawn(paymentId: number): Promise<void> {
    const payment = await this.payments.findById(paymentId);
    if (!payment?.captureId || payment.status !== 'refunded') return;
    // The same request id for every attempt: a retry after a lost answer is not a second refund.
    await this.provider.refund(payment.captureId, `fitcoach-refund-${payment.id}`);
    await this.mails.refund(this.dataSource.manager, payment.id, { withdrawn: true });
    this.logger.log(`Payment ${payment.id} (order ${payment.orderId}) refunded by the provider`);
  }

  /**
   * The capture of a programme withdrawn from sale: the payment refunded, with no subscription, and the refund's job
   * in the outbox, in one transaction, so that the money goes back even when the provider or this process fails now.
   */
  private async recordWithdrawn(
    payment: PaymentEntity,
    capture: CheckedCapture,
    completedAt: Date,
  ): Promise<boolean> {
    const recorded = await this.dataSource.transaction(async (manager) => {
      const completion = { ...capture, completedAt, refundedAt: completedAt };
      if (!(await this.payments.withdraw(manager, payment.id, completion))) return false;
      await this.outbox.add(
        manager,
        'payments.refund',
        { paymentId: payment.id },
        { dedupeKey: `payment-refund-${payment.provider}-${payment.orderId}` },
      );
      return true;
    });
    if (recorded) {
      this.logger.warn(
        `Payment ${payment.id} (order ${payment.orderId}) captured by ${capture.captureId} after programme ` +
          `${payment.programId} was withdrawn from sale: refunding it`,
      );
    }
    return recorded;
  }

  /** Whether a capture is the one our payment row ordered: amount, currency and programme. */
  matches(
    payment: PaymentEntity,
    capture: Pick<CaptureResult, 'amountMinor' | 'currency' | 'customId'>,
  ): boolean {
    return (
      capture.amountMinor === payment.amountMinor &&
      capture.currency === payment.currency &&
      capture.customId === String(payment.programId)
    );
  }

  private async reuseOpenOrder(
    auth: AuthContext,
    program: ProgramEntity,
  ): Promise<CreateOrderResponse | null> {
    const open = await this.payments.findOpen(auth.user.id, program.id);
    if (!open) return null;
    if (
      open.provider === this.provider.kind &&
      open.currency === program.currency &&
      open.amountMinor === program.priceMinor
    ) {
      const state = await callProvider(() => this.provider.orderState(open.orderId));
      if (state.status === 'open') return { id: open.orderId, approve_url: state.approveUrl };
      if (state.status === 'captured') {
        // Paid at PayPal, but the answer never reached us: record it now instead of charging again.
        await this.captureOnce(open.id);
        throw new ConflictException(SUBSCRIPTION_MESSAGES.alreadySubscribed);
      }
    }
    this.logger.log(`Open order ${open.orderId} of payment ${open.id} can no longer be paid: marked failed`);
    await this.payments.markFailed(open.id);
    return null;
  }

  /** One capture per payment at a time in this process; PayPal-Request-Id covers several processes. */
  private captureOnce(paymentId: number): Promise<CaptureResponse> {
    let pending = this.capturing.get(paymentId);
    if (!pending) {
      pending = this.captureNow(paymentId).finally(() => this.capturing.delete(paymentId));
      this.capturing.set(paymentId, pending);
    }
    return pending;
  }

  private async captureNow(paymentId: number): Promise<CaptureResponse> {
    const payment = await this.payments.findById(paymentId);
    if (!payment) throw new NotFoundException(PAYMENT_MESSAGES.orderNotFound);
    if (payment.status === 'completed') return this.answer(payment.id);
    if (await this.wasWithdrawn(payment)) throw new ConflictException(WITHDRAWN_MESSAGES.refunded);
    if (payment.status !== 'created') throw new ConflictException(PAYMENT_MESSAGES.orderClosed);
    if (!(await this.programs.isOnSale(payment.programId))) {
      // Not captured: the provider lets the approved order expire, and the member keeps their money.
      this.logger.log(
        `Order ${payment.orderId} of payment ${payment.id} not captured: programme ${payment.programId} ` +
          'was withdrawn from sale',
      );
      throw new ConflictException(WITHDRAWN_MESSAGES.notCharged);
    }

    const result = await this.captureAtProvider(payment);
    if (result.status !== 'COMPLETED' || result.captureStatus !== 'COMPLETED') {
      this.logger.warn(
        `Capture of order ${payment.orderId} is ${result.status}/${result.captureStatus}, not COMPLETED: no subscription yet`,
      );
      throw result.captureStatus === 'PENDING'
        ? new ConflictException(PAYMENT_MESSAGES.notCompleted)
        : new HttpException(PAYMENT_MESSAGES.declined, HttpStatus.PAYMENT_REQUIRED);
    }
    if (!this.matches(payment, result)) {
      this.logger.error(
        `Capture ${result.captureId} of order ${payment.orderId} does not match payment ${payment.id}: ` +
          `${result.amountMinor} ${result.currency} for programme ${result.customId}, expected ` +
          `${payment.amountMinor} ${payment.currency} for programme ${payment.programId}; marked failed`,
      );
      await this.payments.markFailed(payment.id);
      throw new UnprocessableEntityException(PAYMENT_MESSAGES.mismatch);
    }
    await this.recordCompletion(payment, { captureId: result.captureId, payerName: result.payerName });
    return this.answer(payment.id);
  }

  private async captureAtProvider(payment: PaymentEntity): Promise<CaptureResult> {
    try {
      // The same request id for every attempt of this payment: a retry after a lost answer is not a second charge.
      return await this.provider.capture(payment.orderId, `fitcoach-capture-${payment.id}`);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.failure === 'already-captured') {
        return callProvider(() => this.provider.capturedOrder(payment.orderId));
      }
      if (error instanceof PaymentProviderError && error.failure === 'expired') {
        await this.payments.markFailed(payment.id);
      }
      throw providerFailureToHttp(error);
    }
  }

  /** A payment refunded because its programme was withdrawn before its capture came in: it never paid for one. */
  private async wasWithdrawn(payment: PaymentEntity): Promise<boolean> {
    return payment.status === 'refunded' && !(await this.payments.findSubscriptionOf(payment.id));
  }

  /** The capture's answer, the same for the first capture and every replay. */
  private async answer(paymentId: number): Promise<CaptureResponse> {
    const payment = await this.payments.findById(paymentId);
    if (payment && (await this.wasWithdrawn(payment))) {
      throw new ConflictException(WITHDRAWN_MESSAGES.refunded);
    }
    const subscription =
      payment &&
      ((await this.payments.findSubscriptionOf(payment.id)) ??
        (await this.subscriptions.findActive(payment.userId, payment.programId)));
    if (!payment || !subscription) throw new ConflictException(PAYMENT_MESSAGES.orderClosed);
    return {
      message: transactionCompletedMessage(payment.payerName ?? ''),
      subscription: toSubscriptionResponse(subscription),
    };
  }
}
