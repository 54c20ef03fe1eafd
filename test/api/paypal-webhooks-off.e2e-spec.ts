import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { PaymentEventEntity } from '../../api/src/modules/payments/payment-event.entity.js';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { type FakePayPal, startFakePayPal } from '../fixtures/paypal-server.js';
import { PAYMENT_REFUSED } from '../fixtures/refusals.js';

// An app of its own: two apps in one jest file would share passport's one `jwt` strategy.
let paypal: FakePayPal;
let t: TestApp;

beforeAll(async () => {
  paypal = await startFakePayPal();
  const { PAYPAL_WEBHOOK_ID: _unset, ...withoutWebhookId } = paypal.env;
  t = await createTestApp({ env: withoutWebhookId });
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

describe('POST /api/payments/paypal/webhook/ with PayPal but without PAYPAL_WEBHOOK_ID', () => {
  it('answers 404 and stores nothing: no signature can be verified', async () => {
    const event = {
      id: `WH-WITHOUT-WEBHOOK-ID-${Date.now()}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'NOCAPTURE', status: 'COMPLETED' },
    };
    expect(await paypal.sendWebhook(t.http(), event)).toEqual({
      status: 404,
      body: PAYMENT_REFUSED.webhooksOff,
    });
    const stored = t.app.get(DataSource).getRepository(PaymentEventEntity);
    expect(await stored.countBy({ eventId: event.id })).toBe(0);
    expect(paypal.calls.verify).toBe(0);
  });
});
