import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ChangePasswordDto } from '@fitcoach/contracts';
import { Auth, type AuthContext } from '../../common/auth/auth.decorators.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.js';
import { AccountSecurityService } from './account-security.service.js';

/** The signed-in account's password and sessions (signed-in devices). */
@Controller('users')
export class AccountSecurityController {
  constructor(private readonly security: AccountSecurityService) {}

  @Put('change_password')
  @HttpCode(200)
  @RateLimit('login')
  changePassword(@Auth() auth: AuthContext, @Body() dto: ChangePasswordDto) {
    return this.security.changePassword(auth, dto);
  }

  @Get('sessions')
  sessions(@Auth() auth: AuthContext) {
    return this.security.sessionsOf(auth);
  }

  @Post('sessions/revoke_others')
  @HttpCode(200)
  revokeOthers(@Auth() auth: AuthContext) {
    return this.security.endOtherSessions(auth);
  }

  @Delete('sessions/:id')
  @HttpCode(204)
  async endSession(@Auth() auth: AuthContext, @Param('id') id: string) {
    await this.security.endSession(auth, id);
  }
}
