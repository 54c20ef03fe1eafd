import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ChangePasswordDto } from '@fitcoach/contracts';
import { Auth, type AuthContext } from '../../common/auth/auth.decorators.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.js';
import { AccountSecurityService } from './account-security.service.js';
import { ApiTags } from '@nestjs/swagger';
import { SIGNED_IN, TOKEN_PAIR } from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';

/** The signed-in account's password and sessions (signed-in devices). */
@ApiTags('sessions')
@Controller('users')
export class AccountSecurityController {
  constructor(private readonly security: AccountSecurityService) {}

  @RouteDoc({
    summary: "Change the caller's password",
    access: 'a signed-in user (10 a minute per address)',
    caller: 'signed-in',
    notes: "Every other session of the account ends; the caller's goes on with new tokens.",
    body: ChangePasswordDto,
    ok: { status: 200, description: "New tokens for the caller's session", schema: TOKEN_PAIR },
    refusals: {
      400: 'A wrong current password, or a new one breaking the rules or equal to the old',
      429: "The account's sign-in attempts are spent",
    },
  })
  @Put('change_password')
  @HttpCode(200)
  @RateLimit('login')
  changePassword(@Auth() auth: AuthContext, @Body() dto: ChangePasswordDto) {
    return this.security.changePassword(auth, dto);
  }

  @RouteDoc({
    summary: "The caller's live sessions",
    access: 'a signed-in user, their own sessions only',
    caller: 'signed-in',
    ok: {
      status: 200,
      description: 'Latest used first',
      schema: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            created_at: { type: 'string', format: 'date-time' },
            last_used_at: { type: 'string', format: 'date-time' },
            user_agent: { type: 'string', nullable: true },
            current: { type: 'boolean' },
          },
        },
      },
    },
  })
  @Get('sessions')
  sessions(@Auth() auth: AuthContext) {
    return this.security.sessionsOf(auth);
  }

  @RouteDoc({
    summary: "End every session of the caller's but this one",
    ...SIGNED_IN,
    ok: {
      status: 200,
      description: 'How many sessions ended',
      schema: { type: 'object', properties: { revoked: { type: 'integer' } } },
    },
  })
  @Post('sessions/revoke_others')
  @HttpCode(200)
  revokeOthers(@Auth() auth: AuthContext) {
    return this.security.endOtherSessions(auth);
  }

  @RouteDoc({
    summary: "End one of the caller's sessions",
    access: 'a signed-in user, their own sessions only',
    caller: 'signed-in',
    ok: { status: 204, description: 'The session ended (tokens, sockets)' },
    refusals: { 404: "Any other id, another account's session included" },
  })
  @Delete('sessions/:id')
  @HttpCode(204)
  async endSession(@Auth() auth: AuthContext, @Param('id') id: string) {
    await this.security.endSession(auth, id);
  }
}
