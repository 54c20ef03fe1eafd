// Over 300 lines on purpose: one file per resource holds every endpoint of it with its refusals, because each
// API e2e file boots an application of its own (seconds a file); describe blocks, not files, divide it.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CURRENCIES, transactionCompletedMessage } from '@fitcoach/contracts';
import { DataSource, type Repository } from 'typeorm';
import { JobsService } from '../../api/src/common/jobs/jobs.service.js';
import { OutboxEntity } from '../../api/src/common/jobs/outbox.entity.js';
import { PaymentEventEntity } from '../../api/src/modules/payments/payment-event.entity.js';
import { PaymentEntity } from '../../api/src/modules/payments/payment.entity.js';
import { WITHDRAWN_MESSAGES } from '../../api/src/modules/payments/payments.service.js';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { SubscriptionEntity } from '../../api/src/modules/subscriptions/subscription.entity.js';
import type { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { nextMailTo } from '../fixtures/mail.js';
import { refundMade, webhookProcessed, withdraw, WITHDRAWALS } from '../fixtures/payments.js';
import {
  captureCompletedEvent,
  captureRefundedEvent,
  type FakePayPal,
  startFakePayPal,
  WEBHOOK_PATH,
  type WebhookEvent,
} from '../fixtures/paypal-server.js';
import { PAYMENT_REFUSED, refusal } from '../fixtures/refusals.js';
import { createSession, type Session } from '../fixtures/users.js';

const PUBLIC_URL = 'https://fitcoach.example';

let paypal: FakePayPal;
let t: TestApp;
let payments: Repository<PaymentEntity>;
let subscriptions: Repository<SubscriptionEntity>;
let events: Repository<PaymentEventEntity>;
let owner: { trainer: TrainerEntity; session: Session };
let superuser: Session;

beforeAll(async () => {
  paypal = await startFakePayPal();
  // A short timeout, so that a PayPal that never answers fails the request quickly.
  t = await createTestApp({ env: { ...paypal.env, PAYPAL_TIMEOUT_MS: '500', PUBLIC_URL } });
  const dataSource = t.app.get(DataSource);
  payments = dataSource.getRepository(PaymentEntity);
  subscriptions = dataSource.getRepository(SubscriptionEntity);
  events = dataSource.getRepository(PaymentEventEntity);
  owner = await createTrainer(t);
  superuser = await createSession(t, { superuser: true });
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

const published = (options: Partial<Parameters<typeof createProgram>[2]> = {}) =>
  createProgram(t, owner.trainer, { isPublished: true, ...options });

const createOrder = (member: Session, body: object) =>
  t.http().post('/api/payments/paypal/orders/').set('Authorization', member.bearer).send(body);

/** Delivers `body` to the webhook under PayPal's signature of `signed`, which is `body` itself unless told. */
const deliverSigned = (signed: WebhookEvent, body: object = signed) =>
  t.http().post(WEBHOOK_PATH).set(paypal.sign(signed)).send(body);

const capture = (member: Session, orderId: string) =>
  t.http().post(`/api/payments/paypal/orders/${orderId}/capture/`).set('Authorization', member.bearer);

async function openOrder(member: Session, program: ProgramEntity): Promise<string> {
  const res = await createOrder(member, { program_id: program.id }).expect(201);
  return res.body.id as string;
}

/** A new member's order for a new published programme, approved by the buyer on PayPal's page. */
async function approvedOrder(): Promise<{ program: ProgramEntity; member: Session; orderId: string }> {
  const program = await published();
  const member = await createSession(t);
  const orderId = await openOrder(member, program);
  paypal.approve(orderId);
  return { program, member, orderId };
}

async function holdings(member: Session, program: ProgramEntity) {
  const where = { userId: member.user.id, programId: program.id };
  return {
    payments: await payments.find({ where, order: { id: 'ASC' } }),
    subscriptions: await subscriptions.findBy(where),
  };
}

/** Posts a signed event and waits for the payments queue to process it. */
async function deliver(event: WebhookEvent): Promise<void> {
  const processed = webhookProcessed(t.app.get(JobsService), event.id);
  expect(await paypal.sendWebhook(t.http(), event)).toEqual({ status: 200, body: {} });
  await processed;
}

describe('the PayPal client', () => {
  it('asks for one OAuth token and reuses it for several orders', async () => {
    const tokensBefore = paypal.calls.token;
    const ordersBefore = paypal.calls.createOrder;
    for (let i = 0; i < 3; i += 1) await openOrder(await createSession(t), await published());
    expect(paypal.calls.createOrder - ordersBefore).toBe(3);
    expect(paypal.calls.token).toBe(1);
    expect(tokensBefore).toBeLessThanOrEqual(1);
  });
});

describe('GET /api/payments/config/', () => {
  it('names PayPal, its public client id and the SDK address', async () => {
    await t
      .http()
      .get('/api/payments/config/')
      .expect(200, {
        provider: 'paypal',
        client_id: paypal.clientId,
        currencies: [...CURRENCIES],
        sdk_url: `${paypal.url}/sdk/js`,
      });
  });
});

describe('POST /api/payments/paypal/orders/ with PayPal', () => {
  it('sends PayPal our amount, currency and programme id, whatever the body says', async () => {
    const program = await published({ priceMinor: 4950, currency: 'EUR' });
    const member = await createSession(t);
    const res = await createOrder(member, { program_id: program.id, amount: '0.01', price: 0.01 }).expect(
      201,
    );
    expect(res.body).toEqual({
      id: expect.any(String),
      approve_url: `${paypal.url}/checkoutnow?token=${res.body.id}`,
    });
    const order = paypal.orders.get(res.body.id);
    expect(order).toMatchObject({ value: '49.50', currency: 'EUR', customId: String(program.id) });
    expect(order?.requestBody.payment_source?.paypal?.experience_context).toMatchObject({
      return_url: `${PUBLIC_URL}/checkout/paypal/return`,
      cancel_url: `${PUBLIC_URL}/programDetails/${program.id}`,
    });
    const sent = paypal.requests.filter((r) => r.endpoint === 'createOrder').at(-1);
    expect(sent?.headers['paypal-request-id']).toEqual(expect.any(String));
  });

  it.each([
    ['USD', 3900, '39.00'],
    ['INR', 129950, '1299.50'],
    ['JPY', 3900, '3900'],
  ])(
    'sends a %s amount with the currency’s decimals, and captures it',
    async (currency, priceMinor, value) => {
      const program = await published({ priceMinor, currency });
      const member = await createSession(t);
      const orderId = await openOrder(member, program);
      expect(paypal.orders.get(orderId)).toMatchObject({ value, currency });
      paypal.approve(orderId);
      await capture(member, orderId).expect(200);
      const { payments: rows } = await holdings(member, program);
      expect(rows).toEqual([
        expect.objectContaining({ status: 'completed', amountMinor: priceMinor, currency }),
      ]);
    },
  );

  it('gives two concurrent creates one PayPal order', async () => {
    const program = await published();
    const member = await createSession(t);
    const answers = await Promise.all([1, 2].map(() => createOrder(member, { program_id: program.id })));
    expect(answers.map((res) => res.status)).toEqual([201, 201]);
    expect(answers[1].body).toEqual(answers[0].body);
    expect((await holdings(member, program)).payments).toHaveLength(1);
  });

  it('records an open order PayPal captured while its answer was lost, instead of ordering again', async () => {
    const { program, member, orderId } = await approvedOrder();
    const captured = paypal.captureAtPayPal(orderId);
    const before = paypal.calls.createOrder;
    await createOrder(member, { program_id: program.id }).expect(409, PAYMENT_REFUSED.alreadySubscribed);
    expect(paypal.calls.createOrder).toBe(before);
    expect(await holdings(member, program)).toEqual({
      payments: [expect.objectContaining({ status: 'completed', captureId: captured.id })],
      subscriptions: [expect.objectContaining({ status: 'active' })],
    });
  });

  it('replaces an open order that PayPal let expire', async () => {
    const program = await published();
    const member = await createSession(t);
    const first = await openOrder(member, program);
    paypal.expire(first);
    const second = await openOrder(member, program);
    expect(second).not.toBe(first);
    expect((await holdings(member, program)).payments).toEqual([
      expect.objectContaining({ orderId: first, status: 'failed', openFlag: null }),
      expect.objectContaining({ orderId: second, status: 'created', openFlag: 1 }),
    ]);
  });

  it.each([
    ['price', { priceMinor: 5100 }, { amountMinor: 5100, currency: 'USD' }],
    ['currency', { currency: 'EUR' }, { amountMinor: 4900, currency: 'EUR' }],
  ])(
    'orders again at the new terms when the programme’s %s changed since the open order',
    async (_what, change, terms) => {
      const program = await published({ priceMinor: 4900, currency: 'USD' });
      const member = await createSession(t);
      const first = await openOrder(member, program);
      await t.app.get(DataSource).getRepository(ProgramEntity).update({ id: program.id }, change);
      const second = await openOrder(member, program);
      expect(second).not.toBe(first);
      expect((await holdings(member, program)).payments).toEqual([
        expect.objectContaining({ orderId: first, status: 'failed', openFlag: null }),
        expect.objectContaining({ orderId: second, status: 'created', ...terms }),
      ]);
    },
  );
});

describe('POST /api/payments/paypal/orders/{orderId}/capture/ with PayPal', () => {
  it('captures an approved order once, then answers replays without calling PayPal', async () => {
    const { program, member, orderId } = await approvedOrder();
    const before = paypal.calls.capture;
    const answers = await Promise.all([1, 2, 3].map(() => capture(member, orderId)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(answers[0].body).toMatchObject({ message: transactionCompletedMessage('John Doe') });
    await capture(member, orderId).expect(200, answers[0].body);
    expect(paypal.calls.capture - before).toBe(1);
    const { payments: rows, subscriptions: subs } = await holdings(member, program);
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'completed',
        captureId: paypal.orders.get(orderId)?.capture?.id,
        payerName: 'John Doe',
      }),
    ]);
    expect(subs).toEqual([expect.objectContaining({ status: 'active', paymentId: rows[0].id })]);
    const captures = paypal.requests.filter((r) => r.endpoint === 'capture');
    expect(captures.at(-1)?.headers['paypal-request-id']).toBe(`fitcoach-capture-${rows[0].id}`);
  });

  it('captures an order approved on PayPal’s page, which sends the buyer back to our return URL', async () => {
    const program = await published();
    const member = await createSession(t);
    const { body } = await createOrder(member, { program_id: program.id }).expect(201);
    const page = await fetch(body.approve_url);
    expect(await page.text()).toContain('Log In and Pay');
    const approved = await fetch(body.approve_url, { method: 'POST', redirect: 'manual' });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(
      `${PUBLIC_URL}/checkout/paypal/return?token=${body.id}&PayerID=FAKEPAYER`,
    );
    await capture(member, body.id).expect(200);
  });

  it('asks the member to approve an order first, and captures it once approved', async () => {
    const program = await published();
    const member = await createSession(t);
    const orderId = await openOrder(member, program);
    await capture(member, orderId).expect(409, PAYMENT_REFUSED.notApproved);
    expect((await holdings(member, program)).subscriptions).toEqual([]);
    paypal.approve(orderId);
    await capture(member, orderId).expect(200);
  });

  it.each([
    ['declined', PAYMENT_REFUSED.declined],
    ['server-error', PAYMENT_REFUSED.badGateway],
    ['hang', PAYMENT_REFUSED.gatewayTimeout],
  ] as const)(
    'tells the member when PayPal answers %s, starts no subscription, and a retry works',
    async (failure, body) => {
      const { program, member, orderId } = await approvedOrder();
      paypal.failNextCapture(failure);
      await capture(member, orderId).expect(body.statusCode, body);
      expect(await holdings(member, program)).toEqual({
        payments: [expect.objectContaining({ status: 'created', openFlag: 1 })],
        subscriptions: [],
      });
      await capture(member, orderId).expect(200);
      expect((await holdings(member, program)).subscriptions).toEqual([
        expect.objectContaining({ status: 'active' }),
      ]);
    },
  );

  it('tells the member an order PayPal let expire must be paid again, and marks it failed', async () => {
    const { program, member, orderId } = await approvedOrder();
    paypal.expire(orderId);
    await capture(member, orderId).expect(409, PAYMENT_REFUSED.orderExpired);
    expect(await holdings(member, program)).toEqual({
      payments: [expect.objectContaining({ status: 'failed', openFlag: null })],
      subscriptions: [],
    });
  });

  it('refuses a capture PayPal declined inside a completed order with 402', async () => {
    const { program, member, orderId } = await approvedOrder();
    paypal.tamperNextCapture({ status: 'DECLINED' });
    await capture(member, orderId).expect(402, PAYMENT_REFUSED.declined);
    expect((await holdings(member, program)).subscriptions).toEqual([]);
  });

  it.each([
    ['amount', { value: '0.01' }],
    ['currency', { currency: 'EUR' }],
    ['custom id', { customId: '999999' }],
  ])(
    'refuses a capture whose %s differs from the order, and starts no subscription',
    async (_what, tampering) => {
      const program = await published({ priceMinor: 4900, currency: 'USD' });
      const member = await createSession(t);
      const orderId = await openOrder(member, program);
      paypal.approve(orderId);
      paypal.tamperNextCapture(tampering);
      await capture(member, orderId).expect(422, PAYMENT_REFUSED.mismatch);
      expect(await holdings(member, program)).toEqual({
        payments: [expect.objectContaining({ status: 'failed', openFlag: null })],
        subscriptions: [],
      });
    },
  );
});

describe('a capture PayPal holds as PENDING', () => {
  it('is no subscription yet; the webhook reporting its completion starts it', async () => {
    const { program, member, orderId } = await approvedOrder();
    paypal.tamperNextCapture({ status: 'PENDING' });
    await capture(member, orderId).expect(409, PAYMENT_REFUSED.notCompleted);
    expect(await holdings(member, program)).toEqual({
      payments: [expect.objectContaining({ status: 'created', completedAt: null })],
      subscriptions: [],
    });
    const held = paypal.orders.get(orderId)?.capture;
    if (!held) throw new Error('the fake PayPal kept no capture');
    await deliver(captureCompletedEvent(orderId, { ...held, status: 'COMPLETED' }));
    expect(await holdings(member, program)).toEqual({
      payments: [expect.objectContaining({ status: 'completed', captureId: held.id, openFlag: null })],
      subscriptions: [expect.objectContaining({ status: 'active', activeFlag: 1 })],
    });
  });
});

describe('POST /api/payments/paypal/webhook/', () => {
  const anEvent = (): WebhookEvent => ({
    id: `WH-TEST-${Math.random().toString(36).slice(2)}`,
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    resource: { id: 'NOCAPTURE', status: 'COMPLETED' },
  });

  it('refuses an unsigned delivery and stores nothing', async () => {
    const event = anEvent();
    await t.http().post(WEBHOOK_PATH).send(event).expect(400, PAYMENT_REFUSED.webhookUnsigned);
    expect(await events.countBy({ eventId: event.id })).toBe(0);
  });

  it('refuses a forged signature and stores nothing', async () => {
    const event = anEvent();
    const headers = { ...paypal.sign(event), 'PayPal-Transmission-Sig': 'Zm9yZ2Vk' };
    await t.http().post(WEBHOOK_PATH).set(headers).send(event).expect(400, PAYMENT_REFUSED.webhookForged);
    expect(await events.countBy({ eventId: event.id })).toBe(0);
  });

  it('refuses a genuine signature over another event and stores nothing', async () => {
    const signed = anEvent();
    const forged = anEvent();
    await deliverSigned(signed, forged).expect(400, PAYMENT_REFUSED.webhookForged);
    expect(await events.countBy({ eventId: forged.id })).toBe(0);
  });

  it('refuses a signed body that is no event', async () => {
    const event = anEvent();
    await deliverSigned(event, { resource: {} }).expect(400, PAYMENT_REFUSED.webhookMalformed);
  });

  it('refuses an event whose id or type is empty or over 100 characters, and takes 100', async () => {
    const signed = anEvent();
    for (const body of [
      { ...signed, id: '' },
      { ...signed, id: 'W'.repeat(101) },
      { ...signed, event_type: '' },
      { ...signed, event_type: 'P'.repeat(101) },
    ]) {
      await deliverSigned(signed, body).expect(400, PAYMENT_REFUSED.webhookMalformed);
    }
    // Unique, as PayPal's are: a MySQL test database outlives its run, and an id stored before is a redelivery.
    const event = anEvent();
    const longest = { ...event, id: event.id.padEnd(100, 'W'), event_type: 'P'.repeat(100) };
    await deliver(longest);
    expect(await events.findOneBy({ eventId: longest.id })).toMatchObject({ status: 'ignored' });
  });

  it('takes an empty signature header for a missing one', async () => {
    const event = anEvent();
    const headers = { ...paypal.sign(event), 'PayPal-Transmission-Sig': '' };
    await t.http().post(WEBHOOK_PATH).set(headers).send(event).expect(400, PAYMENT_REFUSED.webhookUnsigned);
  });

  it('answers 5xx when PayPal cannot check a signature, so that PayPal delivers again, and stores nothing', async () => {
    for (const [failure, refusal] of [
      ['hang', PAYMENT_REFUSED.gatewayTimeout],
      ['server-error', PAYMENT_REFUSED.badGateway],
      ['refused', PAYMENT_REFUSED.webhookForged],
    ] as const) {
      const event = anEvent();
      paypal.failNextVerify(failure);
      await deliverSigned(event).expect(refusal.statusCode, refusal);
      expect(await events.countBy({ eventId: event.id })).toBe(0);
    }
  });

  it('stores the event and its job before answering 2xx, and a redelivery adds no job', async () => {
    const event = anEvent();
    const outbox = t.app.get(DataSource).getRepository(OutboxEntity);
    const processed = webhookProcessed(t.app.get(JobsService), event.id);
    expect(await paypal.sendWebhook(t.http(), event)).toEqual({ status: 200, body: {} });
    expect(await events.countBy({ eventId: event.id })).toBe(1);
    expect(await outbox.countBy({ dedupeKey: `paypal-event-${event.id}` })).toBe(1);
    await processed;
    expect(await paypal.sendWebhook(t.http(), event)).toEqual({ status: 200, body: {} });
    expect(await outbox.findBy({ dedupeKey: `paypal-event-${event.id}` })).toEqual([
      expect.objectContaining({ jobName: 'payments.webhook', dispatchedAt: expect.any(Date) }),
    ]);
  });

  it("keeps the first 64 characters of a resource's id", async () => {
    const event = { ...anEvent(), resource: { id: 'R'.repeat(80), status: 'COMPLETED' } };
    await deliver(event);
    expect(await events.findOneBy({ eventId: event.id })).toMatchObject({ resourceId: 'R'.repeat(64) });
  });

  it('processes a redelivered event whose first processing never happened', async () => {
    const { program, member, orderId } = await approvedOrder();
    const event = captureCompletedEvent(orderId, paypal.captureAtPayPal(orderId));
    // Stored by an earlier delivery whose job was lost (the queue went down before it ran).
    await events.insert({
      eventId: event.id,
      eventType: event.event_type,
      resourceId: null,
      payload: JSON.stringify(event),
      status: 'received',
      processedAt: null,
    });
    await deliver(event);
    expect(await events.findOneBy({ eventId: event.id })).toMatchObject({ status: 'processed' });
    expect((await holdings(member, program)).subscriptions).toEqual([
      expect.objectContaining({ status: 'active' }),
    ]);
  });

  it('counts a completion the browser recorded first as processed, and one not COMPLETED as ignored', async () => {
    const { member, orderId } = await approvedOrder();
    await capture(member, orderId).expect(200);
    const captured = paypal.orders.get(orderId)?.capture;
    if (!captured) throw new Error('the fake PayPal did not capture the order');
    const late = captureCompletedEvent(orderId, captured);
    await deliver(late);
    expect(await events.findOneBy({ eventId: late.id })).toMatchObject({ status: 'processed' });

    const other = await published();
    const pendingOrder = await openOrder(member, other);
    paypal.approve(pendingOrder);
    const held = captureCompletedEvent(pendingOrder, paypal.captureAtPayPal(pendingOrder));
    await deliver({ ...held, resource: { ...held.resource, status: 'PENDING' } });
    expect(await events.findOneBy({ eventId: held.id })).toMatchObject({ status: 'ignored' });
    expect(await holdings(member, other)).toEqual({
      payments: [expect.objectContaining({ status: 'created' })],
      subscriptions: [],
    });
  });

  it('starts no subscription for a completion of a payment that failed, or that does not match it', async () => {
    const program = await published({ priceMinor: 4200, currency: 'USD' });
    const member = await createSession(t);
    const failedOrder = await openOrder(member, program);
    await payments.update({ orderId: failedOrder }, { status: 'failed', openFlag: null });
    paypal.approve(failedOrder);
    const late = captureCompletedEvent(failedOrder, paypal.captureAtPayPal(failedOrder));
    await deliver(late);
    expect(await events.findOneBy({ eventId: late.id })).toMatchObject({ status: 'ignored' });

    const tamperedOrder = await openOrder(member, program);
    paypal.approve(tamperedOrder);
    const captured = paypal.captureAtPayPal(tamperedOrder);
    const tampered = captureCompletedEvent(tamperedOrder, {
      ...captured,
      amount: { ...captured.amount, value: '0.01' },
    });
    await deliver(tampered);
    expect(await events.findOneBy({ eventId: tampered.id })).toMatchObject({ status: 'ignored' });
    expect(await holdings(member, program)).toEqual({
      payments: [
        expect.objectContaining({ orderId: failedOrder, status: 'failed' }),
        expect.objectContaining({ orderId: tamperedOrder, status: 'failed' }),
      ],
      subscriptions: [],
    });
  });

  it('stores an event for an unknown order, and ignores it', async () => {
    const event = anEvent();
    await deliver(event);
    expect(await events.findOneBy({ eventId: event.id })).toMatchObject({
      eventType: 'PAYMENT.CAPTURE.COMPLETED',
      status: 'ignored',
      processedAt: expect.any(Date),
    });
  });

  it('turns a capture completed at PayPal into a subscription, even without the browser, once', async () => {
    const program = await published();
    const member = await createSession(t, { firstName: 'Ann', lastName: 'Lee' });
    const orderId = await openOrder(member, program);
    paypal.approve(orderId);
    const captured = paypal.captureAtPayPal(orderId);
    const event = captureCompletedEvent(orderId, captured);
    await deliver(event);
    expect(await paypal.sendWebhook(t.http(), event)).toEqual({ status: 200, body: {} });
    expect(await events.countBy({ eventId: event.id })).toBe(1);
    expect(await events.findOneBy({ eventId: event.id })).toMatchObject({ status: 'processed' });
    const { payments: rows, subscriptions: subs } = await holdings(member, program);
    expect(rows).toEqual([
      expect.objectContaining({ status: 'completed', captureId: captured.id, openFlag: null }),
    ]);
    expect(subs).toEqual([expect.objectContaining({ status: 'active', activeFlag: 1 })]);
    // The browser comes back late: the same answer, and PayPal is not asked to capture again.
    const before = paypal.calls.capture;
    await capture(member, orderId)
      .expect(200)
      .expect((res) => expect(res.body.subscription.id).toBe(subs[0].id));
    expect(paypal.calls.capture).toBe(before);
  });

  it('records one payment and one subscription when the webhook and the browser record at once', async () => {
    const { program, member, orderId } = await approvedOrder();
    const event = captureCompletedEvent(orderId, paypal.captureAtPayPal(orderId));
    const [browser] = await Promise.all([capture(member, orderId), deliver(event)]);
    expect(browser.status).toBe(200);
    const { payments: rows, subscriptions: subs } = await holdings(member, program);
    expect(rows.map((row) => row.status)).toEqual(['completed']);
    expect(subs).toEqual([expect.objectContaining({ id: browser.body.subscription.id, status: 'active' })]);
  });

  it('ends the subscription of a reversed capture (a chargeback)', async () => {
    const { program, member, orderId } = await approvedOrder();
    await capture(member, orderId).expect(200);
    const captured = paypal.orders.get(orderId)?.capture;
    if (!captured) throw new Error('the fake PayPal did not capture the order');
    await deliver({
      id: `WH-REV-${captured.id}`,
      event_type: 'PAYMENT.CAPTURE.REVERSED',
      resource: { ...captured, status: 'REVERSED' },
    });
    expect(await holdings(member, program)).toEqual({
      payments: [expect.objectContaining({ status: 'refunded' })],
      subscriptions: [expect.objectContaining({ status: 'refunded', activeFlag: null })],
    });
  });

  it('counts a second refund of a refunded payment as processed, and a refund of an unpaid one as ignored', async () => {
    const { member, orderId } = await approvedOrder();
    await capture(member, orderId).expect(200);
    const captured = paypal.orders.get(orderId)?.capture;
    if (!captured) throw new Error('the fake PayPal did not capture the order');
    await deliver(captureRefundedEvent(paypal.url, captured));
    const again = captureRefundedEvent(paypal.url, captured);
    await deliver(again);
    expect(await events.findOneBy({ eventId: again.id })).toMatchObject({ status: 'processed' });

    const unpaid = await openOrder(member, await published());
    const refundOfUnpaid = {
      ...captureRefundedEvent(paypal.url, captured),
      resource: {
        id: 'REFUND1',
        status: 'COMPLETED',
        supplementary_data: { related_ids: { order_id: unpaid } },
      },
    };
    await deliver(refundOfUnpaid);
    expect(await events.findOneBy({ eventId: refundOfUnpaid.id })).toMatchObject({ status: 'ignored' });
    expect(await payments.findOneBy({ orderId: unpaid })).toMatchObject({ status: 'created' });
  });

  it('marks a refunded payment refunded, ends its subscription, and mails the member', async () => {
    const program = await published({ name: 'Evening Stretch', priceMinor: 2500, currency: 'USD' });
    const member = await createSession(t);
    const orderId = await openOrder(member, program);
    paypal.approve(orderId);
    // The receipt first, so that the newest mail to the member is the cancellation once it is sent.
    const receipt = nextMailTo(
      t.app.get(JobsService),
      'mail.payment-receipt',
      member.user.email,
      join(t.config.dataDir, 'outbox'),
    );
    await capture(member, orderId).expect(200);
    await receipt;
    const captured = paypal.orders.get(orderId)?.capture;
    if (!captured) throw new Error('the fake PayPal did not capture the order');
    const mail = nextMailTo(
      t.app.get(JobsService),
      'mail.subscription-refunded',
      member.user.email,
      join(t.config.dataDir, 'outbox'),
    );
    await deliver(captureRefundedEvent(paypal.url, captured));
    const { payments: rows, subscriptions: subs } = await holdings(member, program);
    expect(rows).toEqual([expect.objectContaining({ status: 'refunded', refundedAt: expect.any(Date) })]);
    expect(subs).toEqual([
      expect.objectContaining({ status: 'refunded', activeFlag: null, endedAt: expect.any(Date) }),
    ]);
    const text = await mail;
    expect(text).toContain('Subject: Your FitCoach subscription was cancelled: Evening Stretch');
    expect(text).toContain('25.00 USD');
    expect(text).toContain(`${PUBLIC_URL}/programmes`);
    // Refunded, the member may buy the programme again.
    await createOrder(member, { program_id: program.id }).expect(201);
  });
});

describe('a programme withdrawn from sale between the order and its capture', () => {
  const refundMail = (member: Session) =>
    nextMailTo(
      t.app.get(JobsService),
      'mail.subscription-refunded',
      member.user.email,
      join(t.config.dataDir, 'outbox'),
    );

  const refundMails = (orderId: string) =>
    t.app
      .get(DataSource)
      .getRepository(OutboxEntity)
      .countBy({ dedupeKey: `subscription-refunded-paypal-${orderId}` });

  it.each(WITHDRAWALS)(
    'is not captured at PayPal for a programme %s, and the member hears why',
    async (how) => {
      const seller = await createTrainer(t);
      const program = await createProgram(t, seller.trainer, { isPublished: true });
      const member = await createSession(t);
      const orderId = await openOrder(member, program);
      paypal.approve(orderId);
      await withdraw(t, how, program, seller.session, superuser);
      const before = paypal.calls.capture;
      await capture(member, orderId).expect(409, refusal(409, WITHDRAWN_MESSAGES.notCharged));
      expect(paypal.calls.capture).toBe(before);
      expect(paypal.orders.get(orderId)).toMatchObject({ status: 'APPROVED', capture: null });
      expect(await holdings(member, program)).toEqual({
        payments: [expect.objectContaining({ status: 'created', captureId: null })],
        subscriptions: [],
      });
    },
  );

  it('refunds through PayPal a capture that completed while the programme was being blocked', async () => {
    const program = await published({ name: 'Late Block', priceMinor: 3000 });
    const member = await createSession(t);
    const orderId = await openOrder(member, program);
    paypal.approve(orderId);
    const payment = await payments.findOneByOrFail({ orderId });
    const refunded = refundMade(t.app.get(JobsService), payment.id);
    const mail = refundMail(member);
    const held = paypal.holdNextCapture();
    const answering = capture(member, orderId).then((res) => res);
    await held.reached;
    await withdraw(t, 'blocked by a superuser', program, owner.session, superuser);
    held.release();
    const res = await answering;
    expect({ status: res.status, body: res.body }).toEqual({
      status: 409,
      body: refusal(409, WITHDRAWN_MESSAGES.refunded),
    });
    await refunded;
    const captureId = paypal.orders.get(orderId)?.capture?.id;
    expect(paypal.refunds.get(captureId ?? '')).toMatchObject({
      status: 'COMPLETED',
      amount: { value: '30.00', currency_code: 'USD' },
      requestId: `fitcoach-refund-${payment.id}`,
    });
    expect(await holdings(member, program)).toEqual({
      payments: [expect.objectContaining({ status: 'refunded', captureId, refundedAt: expect.any(Date) })],
      subscriptions: [],
    });
    const text = await mail;
    expect(text).toContain('Late Block');
    expect(text).toContain('30.00 USD');
    expect(text).toContain('No subscription was started.');
  });

  it('refunds a capture PayPal reports by webhook for a programme blocked since, once', async () => {
    const program = await published({ name: 'Webhook Block' });
    const member = await createSession(t);
    const orderId = await openOrder(member, program);
    paypal.approve(orderId);
    const payment = await payments.findOneByOrFail({ orderId });
    const captured = paypal.captureAtPayPal(orderId);
    await withdraw(t, 'blocked by a superuser', program, owner.session, superuser);
    const refunded = refundMade(t.app.get(JobsService), payment.id);
    const mail = refundMail(member);
    const before = paypal.calls.refund;
    const completed = captureCompletedEvent(orderId, captured);
    await deliver(completed);
    expect(await events.findOneBy({ eventId: completed.id })).toMatchObject({ status: 'processed' });
    expect(await holdings(member, program)).toEqual({
      payments: [expect.objectContaining({ status: 'refunded', captureId: captured.id })],
      subscriptions: [],
    });
    await refunded;
    expect(await mail).toContain('Webhook Block');
    // PayPal then reports the refund, and may deliver the completion again: neither refunds or mails twice.
    const reported = captureRefundedEvent(paypal.url, captured);
    await deliver(reported);
    const again = { ...completed, id: `${completed.id}-AGAIN` };
    await deliver(again);
    for (const event of [reported, again]) {
      expect(await events.findOneBy({ eventId: event.id })).toMatchObject({ status: 'processed' });
    }
    expect(paypal.calls.refund - before).toBe(1);
    expect(await refundMails(orderId)).toBe(1);
    await capture(member, orderId).expect(409, refusal(409, WITHDRAWN_MESSAGES.refunded));
  });

  it('asks PayPal again for a refund it failed, and refunds once', async () => {
    const { program, orderId } = await approvedOrder();
    const payment = await payments.findOneByOrFail({ orderId });
    const captured = paypal.captureAtPayPal(orderId);
    await withdraw(t, 'unpublished', program, owner.session, superuser);
    const refunded = refundMade(t.app.get(JobsService), payment.id);
    const before = paypal.calls.refund;
    paypal.failNextRefund('server-error');
    await deliver(captureCompletedEvent(orderId, captured));
    expect(await payments.findOneByOrFail({ orderId })).toMatchObject({ status: 'refunded' });
    await refunded;
    expect(paypal.calls.refund - before).toBe(2);
    expect(paypal.refunds.get(captured.id)).toMatchObject({ requestId: `fitcoach-refund-${payment.id}` });
    expect(await refundMails(orderId)).toBe(1);
  });
});
