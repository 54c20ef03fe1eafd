import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  type PushConfigResponse,
  PUSH_ENDPOINT_MAX_LENGTH,
  PushEndpointDto,
  PushSubscriptionDto,
} from '@fitcoach/contracts';
import { Auth, type AuthContext, Public } from '../../common/auth/auth.decorators.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';
import { PushService } from './push.service.js';

/** Web Push: the site's public key, and the browsers of the signed-in account that receive its messages. */
@ApiTags('push')
@Controller('push')
export class PushController {
  constructor(private readonly push: PushService) {}

  @RouteDoc({
    summary: 'The VAPID public key browsers subscribe with',
    access: 'anyone',
    caller: 'public',
    ok: {
      status: 200,
      description: 'The key, base64url (an uncompressed P-256 point)',
      schema: {
        type: 'object',
        required: ['public_key'],
        properties: { public_key: { type: 'string', pattern: '^[A-Za-z0-9_-]{87}$' } },
      },
    },
  })
  @Public()
  @Get('config')
  config(): PushConfigResponse {
    return this.push.publicConfig();
  }

  @RouteDoc({
    summary: "Register this browser's push subscription",
    access: 'a signed-in user',
    caller: 'signed-in',
    notes:
      'The endpoint goes to the caller and their session (signing out removes it), whoever had it before; an account keeps its 20 latest.',
    // The DTO's `keys` rule is a custom one, which the schema generator cannot describe.
    bodySchema: {
      type: 'object',
      required: ['endpoint', 'keys'],
      properties: {
        endpoint: { type: 'string', format: 'uri', maxLength: PUSH_ENDPOINT_MAX_LENGTH },
        keys: {
          type: 'object',
          required: ['p256dh', 'auth'],
          properties: {
            p256dh: { type: 'string', description: 'The browser’s P-256 public key, base64url' },
            auth: { type: 'string', description: 'The 16-byte authentication secret, base64url' },
          },
        },
      },
    },
    ok: {
      status: 201,
      description: 'Registered',
      schema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
    },
    refusals: {
      400: 'An endpoint that is not an https URL, or keys that are not a P-256 key and a 16-byte secret',
    },
  })
  @Post('subscriptions')
  @HttpCode(201)
  subscribe(@Auth() auth: AuthContext, @Body() dto: PushSubscriptionDto): Promise<{ id: number }> {
    return this.push.subscribe(auth, dto);
  }

  @RouteDoc({
    summary: "Remove this browser's push subscription",
    access: 'a signed-in user, their own subscriptions only',
    caller: 'signed-in',
    body: PushEndpointDto,
    ok: { status: 204, description: 'Removed' },
    refusals: { 404: "An endpoint never registered, or another account's" },
  })
  @Delete('subscriptions')
  @HttpCode(204)
  async unsubscribe(@Auth() auth: AuthContext, @Body() dto: PushEndpointDto): Promise<void> {
    await this.push.unsubscribe(auth, dto);
  }
}
