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
import { PaginatedResponse } from '../../common/http/pagination.interceptor.js';
import { RequestBound } from '../../common/http/request-timeout.interceptor.js';
import { OrderIdPipe } from './order-id.pipe.js';
import { PaymentHistoryService } from './payment-history.service.js';
import { PaymentWebhooksService } from './payment-webhooks.service.js';
import { PaymentsService } from './payments.service.js';
import { RECEIPT_CSP } from './receipt.template.js';

@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly webhooks: PaymentWebhooksService,
    private readonly history: PaymentHistoryService,
  ) {}

  @Get('config')
  @Public()
  config() {
    return this.payments.paymentsConfig();
  }

  @Post('paypal/orders')
  @RequestBound('payment')
  createOrder(@Auth() auth: AuthContext, @Body() dto: CreateOrderDto) {
    return this.payments.createOrder(auth, dto);
  }

  @Post('paypal/orders/:orderId/capture')
  @RequestBound('payment')
  @HttpCode(200)
  capture(@Auth() auth: AuthContext, @Param('orderId', OrderIdPipe) orderId: string) {
    return this.payments.capture(auth, orderId);
  }

  @Post('paypal/webhook')
  @RequestBound('payment')
  @Public()
  @HttpCode(200)
  webhook(@Headers() headers: Record<string, string | string[] | undefined>, @Body() event: unknown) {
    return this.webhooks.receive(headers, event);
  }

  @Get('mine')
  @UseInterceptors(PaginatedResponse)
  mine(@Auth() auth: AuthContext, @Query() query: PaginationQueryDto) {
    return this.history.mine(auth, query);
  }

  @Get('mine/:id/receipt')
  @UseInterceptors(new HtmlPage(RECEIPT_CSP))
  receipt(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number, @Req() request: Request) {
    return this.history.receipt(auth, id, firstSupportedLocale(request.acceptsLanguages()));
  }
}
