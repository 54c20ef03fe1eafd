import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, IsNull, type Repository } from 'typeorm';
import type { PaymentProvider } from '@fitcoach/contracts';
import { isUniqueViolation } from '../../common/database/errors.js';
import { pageAndTotal, type Paging } from '../../common/database/paging.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { PaymentEventEntity } from './payment-event.entity.js';
import { PaymentEntity } from './payment.entity.js';

export interface NewPayment {
  provider: PaymentProvider;
  orderId: string;
  userId: number;
  programId: number;
  amountMinor: number;
  currency: string;
}

export interface Completion {
  captureId: string;
  payerName: string;
  completedAt: Date;
}

/** The narrow queries on payments and their webhook events (docs/decisions/013-payments-design.md). */
@Injectable()
export class PaymentsRepository {
  constructor(
    @InjectRepository(PaymentEntity) private readonly payments: Repository<PaymentEntity>,
    @InjectRepository(PaymentEventEntity) private readonly events: Repository<PaymentEventEntity>,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
  ) {}

  findOpen(userId: number, programId: number): Promise<PaymentEntity | null> {
    return this.payments.findOneBy({ userId, programId, openFlag: 1 });
  }

  /** How many orders the member ever started for the programme: the generation of the next order's key. */
  countFor(userId: number, programId: number): Promise<number> {
    return this.payments.countBy({ userId, programId });
  }

  findByOrder(provider: PaymentProvider, orderId: string): Promise<PaymentEntity | null> {
    return this.payments.findOneBy({ provider, orderId });
  }

  findByCapture(captureId: string): Promise<PaymentEntity | null> {
    return this.payments.findOneBy({ captureId });
  }

  findById(id: number): Promise<PaymentEntity | null> {
    return this.payments.findOneBy({ id });
  }

  /**
   * A payment with its member and programme, for the receipt and refund e-mails and the payer's name; with
   * `manager`, inside the caller's transaction.
   */
  findWithBuyer(id: number, manager?: EntityManager): Promise<PaymentEntity | null> {
    const payments = manager ? manager.getRepository(PaymentEntity) : this.payments;
    return payments.findOne({ where: { id }, relations: { user: true, program: true } });
  }

  /** A page of the member's payments, newest first, each with its programme's id and name. */
  pageOfMember(userId: number, paging: Paging): Promise<[PaymentEntity[], number]> {
    const query = this.payments
      .createQueryBuilder('payment')
      .innerJoin('payment.program', 'program')
      .addSelect(['program.id', 'program.name'])
      .where('payment.userId = :userId', { userId })
      .orderBy('payment.createdAt', 'DESC')
      .addOrderBy('payment.id', 'DESC');
    return pageAndTotal(query, paging);
  }

  /** A payment with what its receipt names: the buyer, the programme and the trainer who sells it. */
  findForReceipt(id: number): Promise<PaymentEntity | null> {
    return this.payments.findOne({
      where: { id },
      relations: { user: true, program: { trainer: { user: true } } },
    });
  }

  /**
   * The member's new open order, or null when another request opened one first (the unique index on
   * (user, programme, openFlag) or on the order id decided): the caller then reads the winner's.
   */
  async insertOpen(payment: NewPayment): Promise<PaymentEntity | null> {
    const row = this.payments.create({
      ...payment,
      captureId: null,
      status: 'created',
      openFlag: 1,
      payerName: null,
      completedAt: null,
      refundedAt: null,
    });
    try {
      await this.payments.insert(row);
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** An open order that can no longer be paid (expired at the provider, a price or currency changed, a mismatch). */
  async markFailed(id: number): Promise<void> {
    await this.payments.update({ id, status: 'created' }, { status: 'failed', openFlag: null });
  }

  /**
   * Marks an open payment completed inside the caller's transaction. False when it was not open any more: another
   * request or the webhook recorded it first (the conditional update lets exactly one of them through).
   */
  async complete(manager: EntityManager, id: number, completion: Completion): Promise<boolean> {
    const result = await manager
      .getRepository(PaymentEntity)
      .update({ id, status: 'created' }, { ...completion, status: 'completed', openFlag: null });
    return result.affected === 1;
  }

  /**
   * An open payment whose capture came in after its programme was withdrawn from sale, recorded refunded inside the
   * caller's transaction: its capture kept for the refund, no subscription. False when it was not open any more.
   */
  async withdraw(manager: EntityManager, id: number, completion: Completion & { refundedAt: Date }) {
    const result = await manager
      .getRepository(PaymentEntity)
      .update({ id, status: 'created' }, { ...completion, status: 'refunded', openFlag: null });
    return result.affected === 1;
  }

  /**
   * A completed payment refunded or reversed, and the subscription it paid ended with it, in one transaction.
   * False when it was not completed (already refunded, or never paid).
   */
  async refund(manager: EntityManager, id: number, at: Date): Promise<boolean> {
    const result = await manager
      .getRepository(PaymentEntity)
      .update({ id, status: 'completed' }, { status: 'refunded', refundedAt: at });
    if (result.affected !== 1) return false;
    const subscriptions = manager.getRepository(SubscriptionEntity);
    // An unsubscribed member's subscription keeps the day it ended; an active one ends now.
    await subscriptions.update({ paymentId: id, endedAt: IsNull() }, { endedAt: at });
    await subscriptions.update({ paymentId: id }, { status: 'refunded', activeFlag: null });
    return true;
  }

  findSubscriptionOf(paymentId: number): Promise<SubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ paymentId });
  }

  /** Stores a verified webhook event once: false when its id was stored before (a redelivery). */
  /** Inside the caller's transaction; false when the event was stored before (a redelivery). */
  async insertEvent(
    manager: EntityManager,
    event: Pick<PaymentEventEntity, 'eventId' | 'eventType' | 'resourceId' | 'payload'>,
  ) {
    try {
      await manager.insert(PaymentEventEntity, { ...event, status: 'received', processedAt: null });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  findEvent(eventId: string, manager?: EntityManager): Promise<PaymentEventEntity | null> {
    return (manager ? manager.getRepository(PaymentEventEntity) : this.events).findOneBy({ eventId });
  }

  async finishEvent(id: number, status: 'processed' | 'ignored'): Promise<void> {
    await this.events.update({ id, status: 'received' }, { status, processedAt: new Date() });
  }
}
