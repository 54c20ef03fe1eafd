// Over 300 lines: the one client of PayPal's REST API (token, orders, capture, refund, webhook verification), kept whole
// so that the protocol, its retries and the mapping of PayPal's answers to PaymentProviderError read in one place.
import { Logger } from '@nestjs/common';
import { fromMinorUnits, isCurrency, minorUnitDigits } from '@fitcoach/contracts';
import { DEFAULT_SITE_NAME, type PayPalConfig } from '../../common/config/app-config.js';
import {
  type CaptureResult,
  type CreatedOrder,
  type NewOrder,
  type OrderState,
  PaymentProvider,
  PaymentProviderError,
} from './payment-provider.js';

type LivePayPalConfig = Extract<PayPalConfig, { provider: 'paypal' }>;

/** A token is renewed this long before PayPal says it expires, so that no call goes out with a stale one. */
export const TOKEN_RENEWAL_MARGIN_MS = 60_000;

/** The order statuses in which PayPal still lets the payer approve and us capture. */
const OPEN_ORDER_STATUSES = new Set(['CREATED', 'SAVED', 'APPROVED', 'PAYER_ACTION_REQUIRED']);

/**
 * Minor units as PayPal's decimal string, with the currency's decimals: 4900 USD → "49.00", 3900 JPY → "3900"
 * (PayPal refuses decimals in a currency that has none).
 */
export function toPayPalValue(amountMinor: number, currency: string): string {
  return fromMinorUnits(amountMinor, currency).toFixed(minorUnitDigits(currency));
}

/** PayPal's decimal string in minor units of `currency`, or NaN when it is no such amount or no currency of ours. */
export function fromPayPalValue(value: unknown, currency: string): number {
  if (typeof value !== 'string' || !isCurrency(currency)) return Number.NaN;
  const digits = minorUnitDigits(currency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match || (match[2] ?? '').length > digits) return Number.NaN;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || '0');
}

interface PayPalLink {
  href: string;
  rel: string;
}

interface PayPalCapture {
  id?: string;
  status?: string;
  amount?: { currency_code?: string; value?: string };
  custom_id?: string;
}

/** The parts of an Orders v2 order we read. */
interface PayPalOrder {
  id?: string;
  status?: string;
  links?: PayPalLink[];
  payer?: { name?: { given_name?: string; surname?: string } };
  purchase_units?: { custom_id?: string; payments?: { captures?: PayPalCapture[] } }[];
}

interface PayPalErrorBody {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
  error?: string;
}

/** The headers PayPal signs a webhook delivery with (lower-case, as Node gives them). */
export interface WebhookTransmission {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  certUrl: string;
  authAlgo: string;
}

interface CallOptions {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  requestId?: string;
}

/**
 * PayPal's REST API with Node's fetch (no PayPal SDK): an OAuth2 client-credentials token cached until shortly before
 * it expires, Orders v2 create/get/capture, refunds of captures and webhook signature verification. Every call carries a timeout and,
 * where it changes something, a PayPal-Request-Id, so a retry after a lost answer is not a second charge.
 */
export class PayPalClient extends PaymentProvider {
  readonly kind = 'paypal' as const;
  private readonly logger = new Logger('PayPal');
  private token: { value: string; renewAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(
    private readonly config: LivePayPalConfig,
    private readonly publicUrl: string,
    private readonly now: () => number = Date.now,
    /** The name PayPal shows the buyer on its pages (SITE_NAME). */
    private readonly brandName: string = DEFAULT_SITE_NAME,
  ) {
    super();
  }

  async createOrder(order: NewOrder): Promise<CreatedOrder> {
    const value = toPayPalValue(order.amountMinor, order.currency);
    const created = await this.call<PayPalOrder>({
      method: 'POST',
      path: '/v2/checkout/orders',
      requestId: order.idempotencyKey,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: order.idempotencyKey,
            custom_id: String(order.programId),
            description: order.programName.slice(0, 127),
            amount: { currency_code: order.currency, value },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: this.brandName,
              shipping_preference: 'NO_SHIPPING',
              user_action: 'PAY_NOW',
              return_url: `${this.publicUrl}/checkout/paypal/return`,
              cancel_url: `${this.publicUrl}/programDetails/${order.programId}`,
            },
          },
        },
      },
    });
    if (typeof created.id !== 'string') throw this.unexpected('create order', created);
    return { orderId: created.id, approveUrl: approveLink(created) };
  }

  async orderState(orderId: string): Promise<OrderState> {
    try {
      const order = await this.getOrder(orderId);
      if (OPEN_ORDER_STATUSES.has(order.status ?? ''))
        return { status: 'open', approveUrl: approveLink(order) };
      return { status: order.status === 'COMPLETED' ? 'captured' : 'closed' };
    } catch (error) {
      if (error instanceof PaymentProviderError && error.failure === 'expired') return { status: 'closed' };
      throw error;
    }
  }

  async capture(orderId: string, idempotencyKey: string): Promise<CaptureResult> {
    const order = await this.call<PayPalOrder>({
      method: 'POST',
      path: `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
      requestId: idempotencyKey,
      body: {},
    });
    return captureResult(order);
  }

  async capturedOrder(orderId: string): Promise<CaptureResult> {
    return captureResult(await this.getOrder(orderId));
  }

  async refund(captureId: string, idempotencyKey: string): Promise<void> {
    let refund: { status?: string };
    try {
      refund = await this.call<{ status?: string }>({
        method: 'POST',
        path: `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        requestId: idempotencyKey,
        body: {},
      });
    } catch (error) {
      if (error instanceof PaymentProviderError && error.failure === 'already-refunded') return;
      throw error;
    }
    // PENDING: PayPal gives the money back once the payment's funds have cleared; nothing is left for us to do.
    if (refund.status !== 'COMPLETED' && refund.status !== 'PENDING') throw this.unexpected('refund', refund);
  }

  /** True only when PayPal confirms the delivery was signed by PayPal for our webhook id. */
  async verifyWebhook(
    webhookId: string,
    transmission: WebhookTransmission,
    event: unknown,
  ): Promise<boolean> {
    const answer = await this.call<{ verification_status?: string }>({
      method: 'POST',
      path: '/v1/notifications/verify-webhook-signature',
      body: {
        auth_algo: transmission.authAlgo,
        cert_url: transmission.certUrl,
        transmission_id: transmission.transmissionId,
        transmission_sig: transmission.transmissionSig,
        transmission_time: transmission.transmissionTime,
        webhook_id: webhookId,
        webhook_event: event,
      },
    });
    return answer.verification_status === 'SUCCESS';
  }

  private getOrder(orderId: string): Promise<PayPalOrder> {
    return this.call<PayPalOrder>({
      method: 'GET',
      path: `/v2/checkout/orders/${encodeURIComponent(orderId)}`,
    });
  }

  private async call<T>(options: CallOptions, retriedToken = false): Promise<T> {
    const token = await this.accessToken();
    const response = await this.fetch(options.path, {
      method: options.method,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
        ...(options.requestId && { 'PayPal-Request-Id': options.requestId }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    if (response.status === 401 && !retriedToken) {
      // The token was revoked or expired early: one fresh token, same request id, so still no double charge.
      this.token = null;
      return this.call<T>(options, true);
    }
    if (!response.ok) throw this.failure(`${options.method} ${options.path}`, response.status, response.body);
    return response.body as T;
  }

  private accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return Promise.resolve(this.token.value);
    // Concurrent calls share one token request.
    this.pendingToken ??= this.requestToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async requestToken(): Promise<string> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const response = await this.fetch('/v1/oauth2/token', {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = response.body as { access_token?: unknown; expires_in?: unknown };
    if (!response.ok || typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
      this.logger.error(
        `PayPal refused an access token (HTTP ${response.status}): check PAYPAL_CLIENT_ID/SECRET`,
      );
      throw new PaymentProviderError('rejected', `PayPal token request failed with HTTP ${response.status}`);
    }
    this.token = {
      value: body.access_token,
      renewAt: this.now() + Math.max(0, body.expires_in * 1000 - TOKEN_RENEWAL_MARGIN_MS),
    };
    return body.access_token;
  }

  /** One HTTP exchange, the body read too, within PAYPAL_TIMEOUT_MS. */
  private async fetch(path: string, init: RequestInit): Promise<PayPalResponse> {
    try {
      const response = await fetch(`${this.config.apiUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      return { status: response.status, ok: response.ok, body: parseJson(await response.text()) };
    } catch (error) {
      // By name: the abort reason is a DOMException, which is not always an Error of this realm.
      const name = (error as { name?: unknown } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        this.logger.warn(`PayPal did not answer ${path} within ${this.config.timeoutMs} ms`);
        throw new PaymentProviderError('timeout', `PayPal timed out on ${path}`);
      }
      this.logger.warn(`PayPal is unreachable on ${path}: ${error instanceof Error ? error.message : error}`);
      throw new PaymentProviderError('unavailable', `PayPal unreachable on ${path}`);
    }
  }

  private failure(call: string, status: number, body: unknown): PaymentProviderError {
    const error = (body ?? {}) as PayPalErrorBody;
    const issue = error.details?.[0]?.issue ?? error.name ?? error.error ?? 'UNKNOWN';
    const description = `${call} → HTTP ${status} ${issue}`;
    if (status >= 500) {
      this.logger.warn(`PayPal failed: ${description}`);
      return new PaymentProviderError('unavailable', description);
    }
    const failure = ISSUE_FAILURES[issue] ?? (status === 404 ? 'expired' : 'rejected');
    // A refusal the member cannot act on is our bug or a configuration error.
    if (failure === 'rejected') this.logger.error(`PayPal refused: ${description}`);
    else this.logger.warn(`PayPal refused: ${description}`);
    return new PaymentProviderError(failure, description);
  }

  private unexpected(call: string, body: unknown): PaymentProviderError {
    this.logger.error(
      `PayPal answered ${call} with an unexpected body: ${JSON.stringify(body).slice(0, 500)}`,
    );
    return new PaymentProviderError('rejected', `Unexpected PayPal answer to ${call}`);
  }
}

/** PayPal's error issues that the member can act on, and what they mean to us. */
const ISSUE_FAILURES: Record<string, PaymentProviderError['failure']> = {
  INSTRUMENT_DECLINED: 'declined',
  PAYER_ACTION_REQUIRED: 'declined',
  TRANSACTION_REFUSED: 'declined',
  PAYER_CANNOT_PAY: 'declined',
  ORDER_NOT_APPROVED: 'not-approved',
  ORDER_ALREADY_CAPTURED: 'already-captured',
  ORDER_EXPIRED: 'expired',
  RESOURCE_NOT_FOUND: 'expired',
  ORDER_ALREADY_COMPLETED: 'already-captured',
  CAPTURE_FULLY_REFUNDED: 'already-refunded',
};

function approveLink(order: PayPalOrder): string | null {
  const link =
    order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve');
  return link?.href ?? null;
}

/** The first capture of the first purchase unit, as the payments service checks it; missing parts stay empty. */
function captureResult(order: PayPalOrder): CaptureResult {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const name = order.payer?.name;
  return {
    status: order.status ?? '',
    captureId: capture?.id ?? '',
    captureStatus: capture?.status ?? '',
    amountMinor: fromPayPalValue(capture?.amount?.value, capture?.amount?.currency_code ?? ''),
    currency: capture?.amount?.currency_code ?? '',
    customId: capture?.custom_id ?? unit?.custom_id ?? null,
    payerName: [name?.given_name, name?.surname].filter(Boolean).join(' ') || 'PayPal payer',
  };
}

interface PayPalResponse {
  status: number;
  ok: boolean;
  body: unknown;
}

function parseJson(text: string): unknown {
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200) };
  }
}
