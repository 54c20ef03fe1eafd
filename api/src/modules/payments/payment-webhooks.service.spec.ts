import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { SpiedFunction } from 'jest-mock';
import type { DataSource } from 'typeorm';
import { PAYMENT_MESSAGES } from '@fitcoach/contracts';
import { loadConfig } from '../../common/config/app-config.js';
import type { OutboxService } from '../../common/jobs/outbox.service.js';
import type { PaymentMails } from './payment-mails.js';
import { PaymentWebhooksService } from './payment-webhooks.service.js';
import type { PaymentsRepository } from './payments.repository.js';
import type { PaymentsService } from './payments.service.js';
import { PayPalClient } from './paypal.client.js';

const config = loadConfig({
  NODE_ENV: 'test',
  PAYPAL_CLIENT_ID: 'client',
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_API_URL: 'https://paypal.test',
  PAYPAL_WEBHOOK_ID: 'WH-OURS',
});

const HEADERS = {
  'paypal-transmission-id': 'transmission-1',
  'paypal-transmission-time': '2026-11-27T10:00:00Z',
  'paypal-transmission-sig': 'c2lnbmF0dXJl',
  'paypal-cert-url': 'https://paypal.test/v1/notifications/certs/CERT-1',
  'paypal-auth-algo': 'SHA256withRSA',
};

const EVENT = { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe(PaymentWebhooksService.name, () => {
  let fetchMock: SpiedFunction<typeof fetch>;
  let transaction: jest.Mock<(work: unknown) => Promise<void>>;
  let webhooks: PaymentWebhooksService;

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    fetchMock = jest.spyOn(globalThis, 'fetch');
    transaction = jest.fn(() => Promise.resolve());
    if (config.paypal.provider !== 'paypal') throw new Error('the test config must select PayPal');
    webhooks = new PaymentWebhooksService(
      config,
      { transaction } as unknown as DataSource,
      new PayPalClient(config.paypal, 'https://fit.example'),
      {} as PaymentsRepository,
      {} as PaymentsService,
      {} as OutboxService,
      {} as PaymentMails,
    );
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  const verification = (status: string) => {
    fetchMock
      .mockResolvedValueOnce(json(200, { access_token: 'token', expires_in: 3600 }))
      .mockResolvedValueOnce(json(200, { verification_status: status }));
  };

  it.each(Object.keys(HEADERS))(
    'refuses a delivery without %s, asks PayPal nothing and stores nothing',
    async (name) => {
      const headers: Record<string, string> = { ...HEADERS };
      delete headers[name];
      await expect(webhooks.receive(headers, EVENT)).rejects.toMatchObject({
        status: 400,
        message: PAYMENT_MESSAGES.webhookUnsigned,
      });
      expect(fetchMock).not.toHaveBeenCalled();
      expect(transaction).not.toHaveBeenCalled();
    },
  );

  it('refuses a delivery PayPal did not verify, and stores nothing', async () => {
    verification('FAILURE');
    await expect(webhooks.receive(HEADERS, EVENT)).rejects.toMatchObject({
      status: 400,
      message: PAYMENT_MESSAGES.webhookForged,
    });
    expect(transaction).not.toHaveBeenCalled();
  });

  it('stores a delivery PayPal verified', async () => {
    verification('SUCCESS');
    await expect(webhooks.receive(HEADERS, EVENT)).resolves.toEqual({});
    expect(transaction).toHaveBeenCalledTimes(1);
  });
});
