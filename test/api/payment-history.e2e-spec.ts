import { beforeAll, describe, expect, it } from '@jest/globals';
import { type MyPaymentResponse, RECEIPT_MESSAGES } from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import { PaymentsRepository } from '../../api/src/modules/payments/payments.repository.js';
import type { TrainerEntity } from '../../api/src/modules/trainers/trainer.entity.js';
import { useTestApp } from '../fixtures/app.js';
import { createProgram, createTrainer } from '../fixtures/catalogue.js';
import { buyProgram } from '../fixtures/payments.js';
import { REFUSED, refusal } from '../fixtures/refusals.js';
import { createSession, type Session } from '../fixtures/users.js';

const t = useTestApp();
let seller: TrainerEntity;

beforeAll(async () => {
  seller = (await createTrainer(t, { account: { firstName: 'Rosa', lastName: 'Diaz' } })).trainer;
});

const MINE = '/api/payments/mine/';
const receiptPath = (id: number | string) => `/api/payments/mine/${id}/receipt/`;
const NOT_FOUND = refusal(404, RECEIPT_MESSAGES.notFound);

const published = (options: Parameters<typeof createProgram>[2] = {}) =>
  createProgram(t, seller, { isPublished: true, ...options });

function mine(session: Session | null, query = '') {
  const request = t.http().get(MINE + query);
  return session ? request.set('Authorization', session.bearer) : request;
}

function receipt(session: Session | null, id: number | string, language?: string) {
  const request = t.http().get(receiptPath(id));
  if (language) request.set('Accept-Language', language);
  return session ? request.set('Authorization', session.bearer) : request;
}

/** Opens an order for the programme and leaves it unpaid, as a member who closed PayPal's window would. */
async function orderOnly(member: Session, programId: number): Promise<void> {
  await t
    .http()
    .post('/api/payments/paypal/orders/')
    .set('Authorization', member.bearer)
    .send({ program_id: programId })
    .expect(201);
}

async function paymentsOf(member: Session): Promise<MyPaymentResponse[]> {
  return (await mine(member).expect(200)).body as MyPaymentResponse[];
}

/** The payment's refund as PayPal's refund webhook records it: the payment refunded, its subscription ended. */
async function refund(paymentId: number, at: Date): Promise<void> {
  const payments = t.app.get(PaymentsRepository);
  await t.app.get(DataSource).transaction((manager) => payments.refund(manager, paymentId, at));
}

describe('GET /api/payments/mine/', () => {
  it('requires authentication', async () => {
    await mine(null).expect(401, REFUSED.notAuthenticated);
  });

  it("lists only the caller's payments, newest first, with the programme, amount and receipt number", async () => {
    const member = await createSession(t);
    const other = await createSession(t);
    const first = await published({ name: 'Morning Mobility', priceMinor: 4900, currency: 'USD' });
    const second = await published({ name: 'Strong Legs', priceMinor: 2550, currency: 'EUR' });
    const unpaid = await published({ name: 'Core Basics' });
    await buyProgram(t.http(), member.bearer, first.id);
    await buyProgram(t.http(), member.bearer, second.id);
    await orderOnly(member, unpaid.id);
    await buyProgram(t.http(), other.bearer, first.id);

    const res = await mine(member).expect(200);
    expect(res.headers['x-total-count']).toBe('3');
    const list = res.body as MyPaymentResponse[];
    expect(list.map((payment) => payment.program)).toEqual([
      { id: unpaid.id, name: 'Core Basics' },
      { id: second.id, name: 'Strong Legs' },
      { id: first.id, name: 'Morning Mobility' },
    ]);
    const [open, euros, dollars] = list;
    const year = new Date().getUTCFullYear();
    expect(dollars).toEqual({
      id: expect.any(Number),
      program: { id: first.id, name: 'Morning Mobility' },
      amount: 49,
      currency: 'USD',
      status: 'completed',
      provider: 'test',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      completed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      refunded_at: null,
      receipt_number: `FC-${year}-${String(dollars.id).padStart(6, '0')}`,
    });
    expect(euros).toMatchObject({ amount: 25.5, currency: 'EUR', status: 'completed' });
    expect(open).toMatchObject({ status: 'created', completed_at: null, receipt_number: null });
    expect(new Set(list.map((payment) => payment.receipt_number)).size).toBe(3);
  });

  it('gives a currency without decimals its whole amount: 3,900 yen is 3900', async () => {
    const member = await createSession(t);
    const program = await published({ priceMinor: 3900, currency: 'JPY' });
    await buyProgram(t.http(), member.bearer, program.id);
    expect(await paymentsOf(member)).toEqual([expect.objectContaining({ amount: 3900, currency: 'JPY' })]);
  });

  it('shows a refund: its status and date, and the receipt number it keeps', async () => {
    const member = await createSession(t);
    const program = await published();
    await buyProgram(t.http(), member.bearer, program.id);
    const [paid] = await paymentsOf(member);
    const refundedAt = new Date(Date.now() + 60_000);
    // MySQL's datetime keeps whole seconds.
    refundedAt.setUTCMilliseconds(0);
    await refund(paid.id, refundedAt);
    expect(await paymentsOf(member)).toEqual([
      {
        ...paid,
        status: 'refunded',
        refunded_at: refundedAt.toISOString(),
        receipt_number: paid.receipt_number,
      },
    ]);
  });

  it('answers an empty list to a member who never paid', async () => {
    const member = await createSession(t);
    const res = await mine(member).expect(200, []);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('pages the list and refuses a malformed page with 400', async () => {
    const member = await createSession(t);
    for (const name of ['One', 'Two', 'Three']) {
      await buyProgram(t.http(), member.bearer, (await published({ name })).id);
    }
    const res = await mine(member, '?page=2&page_size=2').expect(200);
    expect((res.body as MyPaymentResponse[]).map((payment) => payment.program.name)).toEqual(['One']);
    expect(res.headers['x-total-count']).toBe('3');
    await mine(member, '?page=0').expect(400);
    await mine(member, '?page_size=1000').expect(400);
  });
});

describe('GET /api/payments/mine/{id}/receipt/', () => {
  it('requires authentication', async () => {
    await receipt(null, 1).expect(401, REFUSED.notAuthenticated);
  });

  it('is a printable HTML page under a strict policy: seller, buyer, programme, amount, date, number, reference', async () => {
    const member = await createSession(t, { firstName: 'Ana', lastName: 'Lima' });
    const program = await published({ name: 'Morning Mobility', priceMinor: 4900, currency: 'EUR' });
    await buyProgram(t.http(), member.bearer, program.id);
    const [paid] = await paymentsOf(member);
    const payment = await t.app.get(PaymentsRepository).findById(paid.id);

    const res = await receipt(member, paid.id, 'de-DE,de;q=0.9,en;q=0.5').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toMatch(/script-src|unsafe/);
    const html = res.text;
    expect(html).toContain(`<h1>Receipt ${paid.receipt_number}</h1>`);
    expect(html).toContain('for the trainer Rosa Diaz');
    expect(html).toContain('Ana Lima');
    expect(html).toContain(member.user.email);
    expect(html).toContain('Morning Mobility');
    // formatMoney in the reader's language: German writes the euro sign after the amount.
    expect(html).toContain('<td>49,00\u00a0€</td>');
    expect(html).toContain('<td>EUR</td>');
    expect(html).toContain(`<time datetime="${paid.completed_at}">`);
    expect(html).toContain(payment?.captureId ?? 'no capture');
    expect(html).toContain(payment?.orderId ?? 'no order');
    expect(html).not.toContain('This payment was refunded');
  });

  it('writes the amount in US English when the reader names no language', async () => {
    const member = await createSession(t);
    await buyProgram(t.http(), member.bearer, (await published({ priceMinor: 3900, currency: 'JPY' })).id);
    const [paid] = await paymentsOf(member);
    expect((await receipt(member, paid.id).expect(200)).text).toContain('<td>¥3,900</td>');
  });

  it('escapes a hostile programme name and buyer name: nothing of them becomes markup', async () => {
    const hostile = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'Co'`;
    const member = await createSession(t, { firstName: '<b>Eve</b>' });
    const program = await published({ name: hostile });
    await buyProgram(t.http(), member.bearer, program.id);
    const [paid] = await paymentsOf(member);
    expect(paid.program.name).toBe(hostile);
    const html = (await receipt(member, paid.id).expect(200)).text;
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &#39;Co&#39;',
    );
    expect(html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(html).not.toMatch(/<script|<img|<b>/);
  });

  it('states a refund and its date, under the same number', async () => {
    const member = await createSession(t);
    await buyProgram(t.http(), member.bearer, (await published()).id);
    const [paid] = await paymentsOf(member);
    const refundedAt = new Date();
    // MySQL's datetime keeps whole seconds.
    refundedAt.setUTCMilliseconds(0);
    await refund(paid.id, refundedAt);
    const html = (await receipt(member, paid.id).expect(200)).text;
    expect(html).toContain(`Receipt ${paid.receipt_number}`);
    expect(html).toContain(
      `This payment was refunded in full on <time datetime="${refundedAt.toISOString()}">`,
    );
  });

  it("answers 404 for another member's receipt, as for an unknown one, and shows nothing of it", async () => {
    const member = await createSession(t);
    const other = await createSession(t, { firstName: 'Someone', lastName: 'Else' });
    await buyProgram(t.http(), other.bearer, (await published({ name: 'Private Plan' })).id);
    const [theirs] = await paymentsOf(other);
    const res = await receipt(member, theirs.id).expect(404, NOT_FOUND);
    expect(res.text).not.toContain('Private Plan');
    await receipt(member, 2_000_000_000).expect(404, NOT_FOUND);
  });

  it('answers 404 to a superuser for a member’s receipt: receipts are their buyer’s alone', async () => {
    const member = await createSession(t);
    const superuser = await createSession(t, { superuser: true });
    await buyProgram(t.http(), member.bearer, (await published()).id);
    const [paid] = await paymentsOf(member);
    await receipt(superuser, paid.id).expect(404, NOT_FOUND);
  });

  it('answers 404 for a payment that never completed: it has no receipt', async () => {
    const member = await createSession(t);
    await orderOnly(member, (await published()).id);
    const [pending] = await paymentsOf(member);
    expect(pending.status).toBe('created');
    await receipt(member, pending.id).expect(404, NOT_FOUND);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 404 for the malformed id %s', async (id) => {
    const member = await createSession(t);
    await receipt(member, id).expect(404, REFUSED.malformedId);
  });
});
