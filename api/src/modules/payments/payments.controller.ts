import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { CreateOrderDto } from '@fitcoach/contracts';
import { Auth, type AuthContext, Public } from '../../common/auth/auth.decorators.js';
import { RequestBound } from '../../common/http/request-timeout.interceptor.js';
import { OrderIdPipe } from './order-id.pipe.js';
import { PaymentWebhooksService } from './payment-webhooks.service.js';
import { PaymentsService } from './payments.service.js';

@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly webhooks: PaymentWebhooksService,
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
}
