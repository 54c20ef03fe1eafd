import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { SpiedFunction } from 'jest-mock';
import { Logger } from '@nestjs/common';
import { fromPayPalValue, PayPalClient, TOKEN_RENEWAL_MARGIN_MS, toPayPalValue } from './paypal.client.js';
import { PaymentProviderError } from './payment-provider.js';

const CONFIG = {
  provider: 'paypal' as const,
  clientId: 'client',
  clientSecret: 'secret',
  apiUrl: 'https://paypal.test',
  sdkUrl: 'https://paypal.test/sdk/js',
  timeoutMs: 1000,
};

const ORDER = {
  programId: 7,
  programName: 'Morning Flow',
  amountMinor: 4900,
  currency: 'USD',
  idempotencyKey: 'key-1',
  payerName: 'Ann Lee',
};

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const token = (expiresIn: number) =>
  answer(200, { access_token: `token-${expiresIn}`, expires_in: expiresIn });
const created = answer(201, {
  id: 'ORDER1',
  status: 'CREATED',
  links: [{ rel: 'approve', href: 'https://x/a' }],
});

describe(PayPalClient.name, () => {
  let fetchMock: SpiedFunction<typeof fetch>;
  let now: number;
  let client: PayPalClient;

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    fetchMock = jest.spyOn(globalThis, 'fetch');
    now = 1_000_000;
    client = new PayPalClient(CONFIG, 'https://fit.example', () => now);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

  it('keeps its token until shortly before it expires', async () => {
    fetchMock
      .mockResolvedValueOnce(token(3600))
      .mockResolvedValueOnce(created.clone())
      .mockResolvedValueOnce(created.clone())
      .mockResolvedValueOnce(token(3600))
      .mockResolvedValueOnce(created.clone());
    await client.createOrder(ORDER);
    now += 3600 * 1000 - TOKEN_RENEWAL_MARGIN_MS - 1;
    await client.createOrder(ORDER);
    now += 1;
    await client.createOrder(ORDER);
    expect(urls().filter((url) => url.endsWith('/v1/oauth2/token'))).toHaveLength(2);
    const [, init] = fetchMock.mock.calls[0];
    expect((init?.headers as Record<string, string>).Authorization).toBe(
      `Basic ${Buffer.from('client:secret').toString('base64')}`,
    );
  });

  it.each([
    ['USD', 3900, '39.00'],
    ['EUR', 3950, '39.50'],
    ['INR', 129900, '1299.00'],
    ['JPY', 3900, '3900'],
  ])("sends a %s order's amount with the currency's decimals", async (currency, amountMinor, value) => {
    fetchMock.mockResolvedValueOnce(token(3600)).mockResolvedValueOnce(created.clone());
    await client.createOrder({ ...ORDER, currency, amountMinor });
    const [, init] = fetchMock.mock.calls[1];
    const body = JSON.parse(String(init?.body)) as { purchase_units: { amount: unknown }[] };
    expect(body.purchase_units[0].amount).toEqual({ currency_code: currency, value });
  });

  it('shares one token request between concurrent calls', async () => {
    fetchMock.mockResolvedValueOnce(token(3600)).mockImplementation(() => Promise.resolve(created.clone()));
    await Promise.all([client.createOrder(ORDER), client.createOrder(ORDER), client.createOrder(ORDER)]);
    expect(urls().filter((url) => url.endsWith('/v1/oauth2/token'))).toHaveLength(1);
  });

  it('renews a token PayPal no longer accepts, once, with the same request id', async () => {
    fetchMock
      .mockResolvedValueOnce(token(3600))
      .mockResolvedValueOnce(answer(401, { error: 'invalid_token' }))
      .mockResolvedValueOnce(token(3600))
      .mockResolvedValueOnce(created.clone());
    await expect(client.createOrder(ORDER)).resolves.toEqual({
      orderId: 'ORDER1',
      approveUrl: 'https://x/a',
    });
    const ids = fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('/v2/checkout/orders'))
      .map(([, init]) => (init?.headers as Record<string, string>)['PayPal-Request-Id']);
    expect(ids).toEqual(['key-1', 'key-1']);
  });

  it.each([
    [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] }, 'declined'],
    [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] }, 'not-approved'],
    [
      422,
      { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] },
      'already-captured',
    ],
    [404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] }, 'expired'],
    [500, { name: 'INTERNAL_SERVER_ERROR' }, 'unavailable'],
    [503, {}, 'unavailable'],
    [400, { name: 'INVALID_REQUEST' }, 'rejected'],
  ])('maps HTTP %i %j to %s', async (status, body, failure) => {
    fetchMock.mockResolvedValueOnce(token(3600)).mockResolvedValueOnce(answer(status, body));
    await expect(client.capture('ORDER1', 'capture-1')).rejects.toMatchObject({ failure });
  });

  it('maps a timeout and an unreachable PayPal', async () => {
    fetchMock
      .mockResolvedValueOnce(token(3600))
      .mockRejectedValueOnce(new DOMException('late', 'TimeoutError'));
    await expect(client.capture('ORDER1', 'c')).rejects.toMatchObject({ failure: 'timeout' });
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    await expect(client.capture('ORDER1', 'c')).rejects.toMatchObject({ failure: 'unavailable' });
  });

  describe('verifyWebhook', () => {
    const transmission = {
      transmissionId: 'transmission-1',
      transmissionTime: '2026-11-27T10:00:00Z',
      transmissionSig: 'c2lnbmF0dXJl',
      certUrl: 'https://paypal.test/v1/notifications/certs/CERT-1',
      authAlgo: 'SHA256withRSA',
    };
    const event = { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED' };
    const verify = () => client.verifyWebhook('WH-OURS', transmission, event);

    it("believes a delivery PayPal verified, asking about our webhook id with the delivery's headers", async () => {
      fetchMock
        .mockResolvedValueOnce(token(3600))
        .mockResolvedValueOnce(answer(200, { verification_status: 'SUCCESS' }));
      await expect(verify()).resolves.toBe(true);
      const [url, init] = fetchMock.mock.calls[1];
      expect(String(url)).toBe('https://paypal.test/v1/notifications/verify-webhook-signature');
      expect(JSON.parse(String(init?.body))).toEqual({
        auth_algo: 'SHA256withRSA',
        cert_url: 'https://paypal.test/v1/notifications/certs/CERT-1',
        transmission_id: 'transmission-1',
        transmission_sig: 'c2lnbmF0dXJl',
        transmission_time: '2026-11-27T10:00:00Z',
        webhook_id: 'WH-OURS',
        webhook_event: event,
      });
    });

    it.each([
      ['FAILURE', { verification_status: 'FAILURE' }],
      ['no status', {}],
      ['a status it does not know', { verification_status: 'PENDING' }],
    ])('does not believe a delivery when PayPal answers %s', async (_answer, body) => {
      fetchMock.mockResolvedValueOnce(token(3600)).mockResolvedValueOnce(answer(200, body));
      await expect(verify()).resolves.toBe(false);
    });

    it.each([
      [503, 'unavailable'],
      [400, 'rejected'],
    ])('fails when PayPal answers HTTP %i instead, as "%s"', async (status, failure) => {
      fetchMock.mockResolvedValueOnce(token(3600)).mockResolvedValueOnce(answer(status, { name: 'ERROR' }));
      await expect(verify()).rejects.toMatchObject({ failure });
    });
  });

  describe('refund', () => {
    it("gives a capture's whole amount back, with the same request id for every attempt", async () => {
      fetchMock
        .mockResolvedValueOnce(token(3600))
        .mockResolvedValueOnce(answer(201, { id: 'REFUND1', status: 'COMPLETED' }));
      await expect(client.refund('CAPTURE1', 'fitcoach-refund-7')).resolves.toBeUndefined();
      const [url, init] = fetchMock.mock.calls[1];
      expect(String(url)).toBe('https://paypal.test/v2/payments/captures/CAPTURE1/refund');
      expect((init?.headers as Record<string, string>)['PayPal-Request-Id']).toBe('fitcoach-refund-7');
      expect(JSON.parse(String(init?.body))).toEqual({});
    });

    it.each([
      ['a refund still pending', answer(201, { id: 'REFUND1', status: 'PENDING' })],
      [
        'the capture refunded before',
        answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] }),
      ],
    ])('counts %s as refunded', async (_what, refund) => {
      fetchMock.mockResolvedValueOnce(token(3600)).mockResolvedValueOnce(refund);
      await expect(client.refund('CAPTURE1', 'fitcoach-refund-7')).resolves.toBeUndefined();
    });

    it.each([
      ['a failed refund', answer(201, { id: 'REFUND1', status: 'FAILED' }), 'rejected'],
      ['HTTP 500', answer(500, { name: 'INTERNAL_SERVER_ERROR' }), 'unavailable'],
    ])('fails on %s, so that the refund is asked for again', async (_what, refund, failure) => {
      fetchMock.mockResolvedValueOnce(token(3600)).mockResolvedValueOnce(refund);
      await expect(client.refund('CAPTURE1', 'fitcoach-refund-7')).rejects.toMatchObject({ failure });
    });
  });

  it('refuses with "rejected" when PayPal refuses the credentials', async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { error: 'invalid_client' }));
    await expect(client.createOrder(ORDER)).rejects.toEqual(expect.any(PaymentProviderError));
  });
});

describe('PayPal amounts', () => {
  it.each([
    [4900, 'USD', '49.00'],
    [5, 'EUR', '0.05'],
    [123456, 'INR', '1234.56'],
    [3900, 'JPY', '3900'],
  ])('writes %i minor units of %s as %s and reads them back', (minor, currency, value) => {
    expect(toPayPalValue(minor, currency)).toBe(value);
    expect(fromPayPalValue(value, currency)).toBe(minor);
  });

  it.each(['49', '49.5'])('reads %s USD', (value) => {
    expect(fromPayPalValue(value, 'USD')).toBe(Math.round(Number(value) * 100));
  });

  it.each([
    ['', 'USD'],
    ['-1.00', 'USD'],
    ['1.234', 'USD'],
    ['3900.5', 'JPY'],
    ['abc', 'USD'],
    [undefined, 'USD'],
    [49, 'USD'],
    ['49.00', ''],
    ['49.00', 'XXX'],
  ])('reads %p %p as no amount', (value, currency) => {
    expect(fromPayPalValue(value, currency)).toBeNaN();
  });
});
