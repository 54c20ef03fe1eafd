// Over 300 lines on purpose: one file per resource holds every endpoint of it with its refusals, because each
// API e2e file boots an application of its own (seconds a file); describe blocks, not files, divide it.
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import {
  type CaptureResponse,
  CURRENCIES,
  PAYMENT_MESSAGES,
  transactionCompletedMessage,
} from '@fitcoach/contracts';
import { DataSource, In, type Repository } from 'typeorm';
import { JobsService } from '../../api/src/common/jobs/jobs.service.js';
import { NotificationEntity } from '../../api/src/modules/chat/notification.entity.js';
import { PaymentProvider } from '../../api/src/modules/payments/payment-provider.js';
import { PaymentEntity } from '../../api/src/modules/payments/payment.entity.js';
import { WITHDRAWN_MESSAGES } from '../../api/src/modules/payments/payments.service.js';
import { ProgramEntity } from '../../api/src/modules/programs/program.entity.js';
import { SubscriptionEntity } from '../../api/src/modules/subscriptions/subscription.entity.js';
import type { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { UserEntity } from '../../api/src/modules/users/user.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { nextMailTo } from '../fixtures/mail.js';
import { buyProgram, refundMade, withdraw, WITHDRAWALS } from '../fixtures/payments.js';
import { PAYMENT_REFUSED, REFUSED, refusal } from '../fixtures/refusals.js';
import { createSession, type Session } from '../fixtures/users.js';

const t = useTestApp();
let payments: Repository<PaymentEntity>;
let subscriptions: Repository<SubscriptionEntity>;
let owner: { trainer: TrainerEntity; session: Session };

beforeAll(async () => {
  const dataSource = t.app.get(DataSource);
  payments = dataSource.getRepository(PaymentEntity);
  subscriptions = dataSource.getRepository(SubscriptionEntity);
  owner = await createTrainer(t);
});

const ORDERS = '/api/payments/paypal/orders/';
const capturePath = (orderId: string) => `/api/payments/paypal/orders/${orderId}/capture/`;

const published = (options: Partial<Parameters<typeof createProgram>[2]> = {}) =>
  createProgram(t, owner.trainer, { isPublished: true, ...options });

function createOrder(bearer: string | null, body: object) {
  const request = t.http().post(ORDERS);
  if (bearer) request.set('Authorization', bearer);
  return request.send(body);
}

function capture(bearer: string | null, orderId: string) {
  const request = t.http().post(capturePath(orderId));
  if (bearer) request.set('Authorization', bearer);
  return request;
}

/** What a member has for a programme: their payment rows and subscriptions. */
async function holdings(user: UserEntity, program: ProgramEntity) {
  const where = { userId: user.id, programId: program.id };
  return {
    payments: await payments.find({ where, order: { id: 'ASC' } }),
    subscriptions: await subscriptions.findBy(where),
  };
}

async function setPrice(program: ProgramEntity, priceMinor: number) {
  await t.app.get(DataSource).getRepository(ProgramEntity).update({ id: program.id }, { priceMinor });
}

async function block(session: Session) {
  await t.app.get(DataSource).getRepository(UserEntity).update({ id: session.user.id }, { blocked: true });
}

describe('GET /api/payments/config/', () => {
  it('tells anyone that the test provider is active, with no PayPal id or SDK', async () => {
    await t
      .http()
      .get('/api/payments/config/')
      .expect(200, { provider: 'test', client_id: null, currencies: [...CURRENCIES], sdk_url: null });
  });
});

describe('POST /api/payments/paypal/orders/', () => {
  it('requires authentication', async () => {
    const program = await published();
    await createOrder(null, { program_id: program.id }).expect(401, REFUSED.notAuthenticated);
    expect(await payments.countBy({ programId: program.id })).toBe(0);
  });

  it('refuses a blocked member', async () => {
    const program = await published();
    const member = await createSession(t);
    await block(member);
    await createOrder(member.bearer, { program_id: program.id }).expect(403, REFUSED.blocked);
    expect(await payments.countBy({ programId: program.id })).toBe(0);
  });

  it('refuses the programme’s own trainer', async () => {
    const program = await published();
    await createOrder(owner.session.bearer, { program_id: program.id }).expect(
      403,
      PAYMENT_REFUSED.ownProgram,
    );
    expect(await payments.countBy({ programId: program.id })).toBe(0);
  });

  it('opens an order priced from the programme, whatever the body says', async () => {
    const program = await published({ priceMinor: 4900, currency: 'EUR' });
    const member = await createSession(t);
    const res = await createOrder(member.bearer, {
      program_id: program.id,
      currency: 'EUR',
      amount: 1,
      price: 0.01,
    }).expect(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^TEST-[0-9a-f-]{36}$/), approve_url: null });
    expect((await holdings(member.user, program)).payments).toEqual([
      expect.objectContaining({
        provider: 'test',
        orderId: res.body.id,
        amountMinor: 4900,
        currency: 'EUR',
        status: 'created',
        openFlag: 1,
        captureId: null,
      }),
    ]);
  });

  it('lets another trainer buy a programme', async () => {
    const program = await published();
    const other = await createTrainer(t);
    await createOrder(other.session.bearer, { program_id: program.id }).expect(201);
  });

  it.each([
    ['unknown', async () => ({ id: 999_999 }) as ProgramEntity],
    ['unpublished', () => createProgram(t, owner.trainer)],
    [
      'of a blocked trainer',
      async () =>
        createProgram(t, (await createTrainer(t, { account: { blocked: true } })).trainer, {
          isPublished: true,
        }),
    ],
  ])('answers 404 for a programme that is %s', async (_kind, make) => {
    const program = await make();
    const member = await createSession(t);
    await createOrder(member.bearer, { program_id: program.id }).expect(404, REFUSED.programNotFound);
    expect(await payments.countBy({ userId: member.user.id })).toBe(0);
  });

  it('answers 404 to the owner for their own unpublished programme too', async () => {
    const program = await createProgram(t, owner.trainer);
    await createOrder(owner.session.bearer, { program_id: program.id }).expect(404, REFUSED.programNotFound);
  });

  it.each([
    {},
    { program_id: 'abc' },
    { program_id: '12abc' },
    { program_id: 1.5 },
    { program_id: 0 },
    { program_id: true },
  ])('refuses a malformed program_id: %p', async (body) => {
    const member = await createSession(t);
    const res = await createOrder(member.bearer, body).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'program_id must be a programme id',
      errors: [{ field: 'program_id', message: 'program_id must be a programme id' }],
    });
    expect(await payments.countBy({ userId: member.user.id })).toBe(0);
  });

  it('refuses a currency other than the programme’s', async () => {
    const program = await published({ currency: 'USD' });
    const member = await createSession(t);
    await createOrder(member.bearer, { program_id: program.id, currency: 'EUR' }).expect(
      400,
      refusal(400, PAYMENT_MESSAGES.currencyMismatch('USD')),
    );
    await createOrder(member.bearer, { program_id: program.id, currency: 'GBP' }).expect(400);
    expect(await payments.countBy({ userId: member.user.id })).toBe(0);
  });

  it('refuses a member who is subscribed already', async () => {
    const program = await published();
    const member = await createSession(t);
    await buyProgram(t.http(), member.bearer, program.id);
    await createOrder(member.bearer, { program_id: program.id }).expect(
      409,
      PAYMENT_REFUSED.alreadySubscribed,
    );
    expect((await holdings(member.user, program)).payments).toHaveLength(1);
  });

  it('gives a second tab the same open order', async () => {
    const program = await published();
    const member = await createSession(t);
    const first = await createOrder(member.bearer, { program_id: program.id }).expect(201);
    const second = await createOrder(member.bearer, { program_id: program.id }).expect(201);
    expect(second.body).toEqual(first.body);
    expect((await holdings(member.user, program)).payments).toHaveLength(1);
  });

  it('gives two concurrent creates one order, never a 500', async () => {
    const program = await published();
    const member = await createSession(t);
    const answers = await Promise.all(
      [1, 2, 3].map(() => createOrder(member.bearer, { program_id: program.id })),
    );
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((res) => res.body.id)).size).toBe(1);
    expect((await holdings(member.user, program)).payments).toHaveLength(1);
  });

  it('replaces an open order once the programme’s price changed', async () => {
    const program = await published({ priceMinor: 4900 });
    const member = await createSession(t);
    const first = await createOrder(member.bearer, { program_id: program.id }).expect(201);
    await setPrice(program, 5900);
    const second = await createOrder(member.bearer, { program_id: program.id }).expect(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect((await holdings(member.user, program)).payments).toEqual([
      expect.objectContaining({
        orderId: first.body.id,
        status: 'failed',
        openFlag: null,
        amountMinor: 4900,
      }),
      expect.objectContaining({ orderId: second.body.id, status: 'created', openFlag: 1, amountMinor: 5900 }),
    ]);
  });
});

describe('POST /api/payments/paypal/orders/{orderId}/capture/', () => {
  it('requires authentication', async () => {
    const program = await published();
    const member = await createSession(t);
    const order = await createOrder(member.bearer, { program_id: program.id }).expect(201);
    await capture(null, order.body.id).expect(401, REFUSED.notAuthenticated);
    expect((await holdings(member.user, program)).subscriptions).toEqual([]);
  });

  it('refuses a blocked member', async () => {
    const program = await published();
    const member = await createSession(t);
    const order = await createOrder(member.bearer, { program_id: program.id }).expect(201);
    await block(member);
    await capture(member.bearer, order.body.id).expect(403, REFUSED.blocked);
    expect((await holdings(member.user, program)).subscriptions).toEqual([]);
  });

  it('answers 404 for someone else’s order, and changes nothing', async () => {
    const program = await published();
    const member = await createSession(t);
    const intruder = await createSession(t);
    const order = await createOrder(member.bearer, { program_id: program.id }).expect(201);
    await capture(intruder.bearer, order.body.id).expect(404, PAYMENT_REFUSED.orderNotFound);
    expect((await holdings(member.user, program)).payments).toEqual([
      expect.objectContaining({ status: 'created', openFlag: 1 }),
    ]);
    expect(await subscriptions.countBy({ programId: program.id })).toBe(0);
  });

  it.each(['TEST-00000000-0000-0000-0000-000000000000', 'not%20an%20id', 'x'.repeat(65)])(
    'answers 404 for an unknown or malformed order id: %s',
    async (orderId) => {
      const member = await createSession(t);
      await capture(member.bearer, orderId).expect(404, PAYMENT_REFUSED.orderNotFound);
    },
  );

  it('records the payment and the subscription, and mails a receipt', async () => {
    const program = await published({ name: 'Morning Flow', priceMinor: 4900, currency: 'USD' });
    const member = await createSession(t, { firstName: 'Ann', lastName: 'Lee' });
    const order = await createOrder(member.bearer, { program_id: program.id }).expect(201);
    const receipt = nextMailTo(
      t.app.get(JobsService),
      'mail.payment-receipt',
      member.user.email,
      join(t.config.dataDir, 'outbox'),
    );
    const res = await capture(member.bearer, order.body.id).expect(200);
    const { payments: rows, subscriptions: subs } = await holdings(member.user, program);
    expect(res.body).toEqual({
      message: transactionCompletedMessage('Ann Lee'),
      subscription: {
        id: subs[0].id,
        user: member.user.id,
        program: program.id,
        status: 'active',
        started_at: expect.any(String),
      },
    });
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'completed',
        openFlag: null,
        captureId: expect.stringMatching(/^TESTCAPTURE-/),
        payerName: 'Ann Lee',
        completedAt: expect.any(Date),
      }),
    ]);
    expect(subs).toEqual([
      expect.objectContaining({ paymentId: rows[0].id, status: 'active', activeFlag: 1 }),
    ]);
    const mail = await receipt;
    expect(mail).toContain('Subject: Your FitCoach receipt: Morning Flow');
    expect(mail).toContain('49.00 USD');
    expect(mail).toContain(order.body.id);
    expect(mail).toContain(`${t.config.publicUrl}/programLesson/${program.id}`);
  });

  it('answers a replayed capture as the first, with one payment and one subscription', async () => {
    const program = await published();
    const member = await createSession(t);
    const { order, capture: first } = await buyProgram(t.http(), member.bearer, program.id);
    const replay = await capture(member.bearer, order.id).expect(200);
    expect(replay.body).toEqual(first);
    const { payments: rows, subscriptions: subs } = await holdings(member.user, program);
    expect(rows.map((row) => row.status)).toEqual(['completed']);
    expect(subs).toHaveLength(1);
  });

  it('gives two concurrent captures one payment and one subscription, never a 500', async () => {
    const program = await published();
    const member = await createSession(t);
    const order = await createOrder(member.bearer, { program_id: program.id }).expect(201);
    const answers = await Promise.all([1, 2, 3].map(() => capture(member.bearer, order.body.id)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    const bodies = answers.map((res) => res.body as CaptureResponse);
    expect(new Set(bodies.map((body) => body.subscription.id)).size).toBe(1);
    const { payments: rows, subscriptions: subs } = await holdings(member.user, program);
    expect(rows.map((row) => row.status)).toEqual(['completed']);
    expect(subs).toHaveLength(1);
  });

  it('refuses an order that was replaced, and starts no subscription', async () => {
    const program = await published({ priceMinor: 4900 });
    const member = await createSession(t);
    const first = await createOrder(member.bearer, { program_id: program.id }).expect(201);
    await setPrice(program, 5900);
    await createOrder(member.bearer, { program_id: program.id }).expect(201);
    await capture(member.bearer, first.body.id).expect(409, PAYMENT_REFUSED.orderClosed);
    expect((await holdings(member.user, program)).subscriptions).toEqual([]);
  });
});

describe('capturing an order whose programme was withdrawn from sale since', () => {
  let superuser: Session;
  beforeAll(async () => {
    superuser = await createSession(t, { superuser: true });
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it.each(WITHDRAWALS)('takes no money for a programme %s, and says so', async (how) => {
    const seller = await createTrainer(t);
    const program = await createProgram(t, seller.trainer, { isPublished: true });
    const member = await createSession(t);
    const order = await createOrder(member.bearer, { program_id: program.id }).expect(201);
    await withdraw(t, how, program, seller.session, superuser);
    await capture(member.bearer, order.body.id).expect(409, refusal(409, WITHDRAWN_MESSAGES.notCharged));
    expect(await holdings(member.user, program)).toEqual({
      payments: [expect.objectContaining({ status: 'created', captureId: null })],
      subscriptions: [],
    });
    expect(await t.app.get(PaymentProvider).orderState(order.body.id)).toEqual({
      status: 'open',
      approveUrl: null,
    });
  });

  it('refunds a capture that completed while the programme was being blocked, and mails the member', async () => {
    const seller = await createTrainer(t);
    const program = await createProgram(t, seller.trainer, { isPublished: true, name: 'Gone Flow' });
    const member = await createSession(t);
    const order = await createOrder(member.bearer, { program_id: program.id }).expect(201);
    const payment = await payments.findOneByOrFail({ orderId: order.body.id });
    const provider = t.app.get(PaymentProvider);
    const captureAtProvider = provider.capture.bind(provider);
    jest.spyOn(provider, 'capture').mockImplementationOnce(async (...args) => {
      await withdraw(t, 'blocked by a superuser', program, seller.session, superuser);
      return captureAtProvider(...args);
    });
    const refund = jest.spyOn(provider, 'refund');
    const refunded = refundMade(t.app.get(JobsService), payment.id);
    const mail = nextMailTo(
      t.app.get(JobsService),
      'mail.subscription-refunded',
      member.user.email,
      join(t.config.dataDir, 'outbox'),
    );
    await capture(member.bearer, order.body.id).expect(409, refusal(409, WITHDRAWN_MESSAGES.refunded));
    await refunded;
    const { payments: rows, subscriptions: subs } = await holdings(member.user, program);
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'refunded',
        openFlag: null,
        captureId: expect.stringMatching(/^TESTCAPTURE-/),
        refundedAt: expect.any(Date),
      }),
    ]);
    expect(subs).toEqual([]);
    expect(refund.mock.calls).toEqual([[rows[0].captureId, `fitcoach-refund-${payment.id}`]]);
    const text = await mail;
    expect(text).toContain('Gone Flow');
    expect(text).toContain('Subject: Your FitCoach payment was refunded: Gone Flow');
    await capture(member.bearer, order.body.id).expect(409, refusal(409, WITHDRAWN_MESSAGES.refunded));
  });
});

describe('twenty members buying one trainer’s programmes at once', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('records every payment and tells the trainer of every subscriber, with no error logged', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error');
    const trainer = await createTrainer(t);
    const programmes = await Promise.all(
      [1, 2].map(() => createProgram(t, trainer.trainer, { isPublished: true })),
    );
    const members = await Promise.all(Array.from({ length: 20 }, () => createSession(t)));
    const bought = await Promise.all(
      members.map((member, i) => buyProgram(t.http(), member.bearer, programmes[i % 2].id)),
    );
    expect(bought.map(({ capture: answer }) => answer.subscription.status)).toEqual(
      Array.from({ length: 20 }, () => 'active'),
    );
    const told = await t.app
      .get(DataSource)
      .getRepository(NotificationEntity)
      .findBy({ userId: trainer.session.user.id, category: 'subscriber' });
    expect(told.map((row) => row.senderId).sort((a, b) => Number(a) - Number(b))).toEqual(
      members.map((member) => member.user.id).sort((a, b) => a - b),
    );
    expect(await payments.countBy({ programId: In(programmes.map((p) => p.id)), status: 'completed' })).toBe(
      20,
    );
    expect(errors.mock.calls).toEqual([]);
  });
});

describe('POST /api/payments/paypal/webhook/', () => {
  it('is not there with the test provider: nothing can verify a signature', async () => {
    await t
      .http()
      .post('/api/payments/paypal/webhook/')
      .send({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} })
      .expect(404, PAYMENT_REFUSED.webhooksOff);
  });
});
