import {
  Body,
  Controller,
  Get,
  Headers,
  Req,
  HttpCode,
  Param,
  Post,
  Query,
  UseInterceptors,
} from '@nestjs/common';
import { CreateOrderDto, firstSupportedLocale, PaginationQueryDto } from '@fitcoach/contracts';
import type { Request } from 'express';
import { Auth, type AuthContext, Public } from '../../common/auth/auth.decorators.js';
import { HtmlPage } from '../../common/http/html.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { PagedGet } from '../../common/http/paged-get.js';
import { RequestBound } from '../../common/http/request-timeout.interceptor.js';
import { OrderIdPipe } from './order-id.pipe.js';
import { PaymentHistoryService } from './payment-history.service.js';
import { PaymentWebhooksService } from './payment-webhooks.service.js';
import { PaymentsService } from './payments.service.js';
import { RECEIPT_CSP } from './receipt.template.js';
import { ApiTags } from '@nestjs/swagger';
import { ANYONE, OBJECT, PAGE } from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';

@ApiTags('payments')
@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly webhooks: PaymentWebhooksService,
    private readonly history: PaymentHistoryService,
  ) {}

  @RouteDoc({
    summary: 'How the checkout pays',
    ...ANYONE,
    ok: {
      status: 200,
      description: '`client_id` and `sdk_url` null for the test provider',
      schema: {
        type: 'object',
        properties: {
          provider: { type: 'string', enum: ['paypal', 'test'] },
          client_id: { type: 'string', nullable: true },
          currencies: { type: 'array', items: { type: 'string' } },
          sdk_url: { type: 'string', nullable: true },
        },
      },
    },
  })
  @Get('config')
  @Public()
  config() {
    return this.payments.paymentsConfig();
  }

  @RouteDoc({
    summary: 'Open an order for a programme',
    access: 'a signed-in user who does not own the programme',
    caller: 'signed-in',
    notes: 'The money comes from the programme, never the request; a second tab gets the open order again.',
    body: CreateOrderDto,
    ok: {
      status: 201,
      description: "The order, with PayPal's approval link (null for the test provider)",
      schema: {
        type: 'object',
        properties: { id: { type: 'string' }, approve_url: { type: 'string', nullable: true } },
      },
    },
    refusals: {
      400: "A malformed `program_id`, or another currency than the programme's",
      403: 'Own programme, a blocked account, or the session cookie from another site',
      404: "Unknown, unpublished, or a blocked trainer's programme",
      409: 'Subscribed already',
      502: 'PayPal unreachable',
      504: 'PayPal too slow',
    },
  })
  @Post('paypal/orders')
  @RequestBound('payment')
  createOrder(@Auth() auth: AuthContext, @Body() dto: CreateOrderDto) {
    return this.payments.createOrder(auth, dto);
  }

  @RouteDoc({
    summary: 'Capture an approved order',
    access: "the order's member",
    caller: 'signed-in',
    notes: 'The same answer for a replay; opens the subscription.',
    ok: {
      status: 200,
      description: '"Transaction completed by {payer}", with the subscription',
      schema: OBJECT,
    },
    refusals: {
      402: 'Declined by PayPal',
      404: "Unknown or someone else's order",
      409: 'Not approved, closed, or the programme no longer on sale (not charged, or refunded)',
      422: "PayPal's capture does not match the order",
      502: 'PayPal unreachable (a retry works)',
      504: 'PayPal too slow (a retry works)',
    },
  })
  @Post('paypal/orders/:orderId/capture')
  @RequestBound('payment')
  @HttpCode(200)
  capture(@Auth() auth: AuthContext, @Param('orderId', OrderIdPipe) orderId: string) {
    return this.payments.capture(auth, orderId);
  }

  @RouteDoc({
    summary: "PayPal's event notifications",
    access: 'PayPal, verified by its signature',
    caller: 'public',
    notes: 'A redelivered event changes nothing.',
    bodySchema: { type: 'object', additionalProperties: true, description: "PayPal's webhook event" },
    ok: { status: 200, description: 'Received', schema: { type: 'object' }, example: {} },
    refusals: {
      400: 'Unsigned, forged or malformed (nothing stored)',
      404: 'The test provider, or no PAYPAL_WEBHOOK_ID',
    },
  })
  @Post('paypal/webhook')
  @RequestBound('payment')
  @Public()
  @HttpCode(200)
  webhook(@Headers() headers: Record<string, string | string[] | undefined>, @Body() event: unknown) {
    return this.webhooks.receive(headers, event);
  }

  @PagedGet('mine', {
    summary: "The caller's payments, paged",
    access: 'a signed-in user, their own payments only',
    caller: 'signed-in',
    query: PaginationQueryDto,
    ok: {
      status: 200,
      description: 'Newest first: program, amount (major units), currency, status, dates, receipt_number',
      schema: PAGE,
    },
    refusals: { 400: 'A malformed page or page_size' },
  })
  mine(@Auth() auth: AuthContext, @Query() query: PaginationQueryDto) {
    return this.history.mine(auth, query);
  }

  @RouteDoc({
    summary: 'The printable receipt of a payment',
    access: "the payment's member",
    caller: 'signed-in',
    notes: 'Amounts and dates as the `Accept-Language` writes them; the page runs no script.',
    ok: { status: 200, description: 'The receipt page', produces: 'text/html' },
    refusals: { 404: "Someone else's, unknown, or never completed" },
  })
  @Get('mine/:id/receipt')
  @UseInterceptors(new HtmlPage(RECEIPT_CSP))
  receipt(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number, @Req() request: Request) {
    return this.history.receipt(auth, id, firstSupportedLocale(request.acceptsLanguages()));
  }
}
