import { Body, Controller, Delete, Get, HttpCode, Res } from '@nestjs/common';
import { DeleteAccountDto } from '@fitcoach/contracts';
import type { Response } from 'express';
import { Auth, type AuthContext } from '../../common/auth/auth.decorators.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.js';
import { AccountService } from './account.service.js';

@Controller('users/me')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  /** The caller's data as a file to keep: the browser saves it rather than showing it. */
  @Get('export')
  async export(@Auth() auth: AuthContext, @Res({ passthrough: true }) res: Response) {
    const { fileName, file } = await this.account.export(auth);
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    return file;
  }

  /** The password is a sign-in attempt: counted per client address with the logins. */
  @Delete()
  @HttpCode(204)
  @RateLimit('login')
  async delete(@Auth() auth: AuthContext, @Body() dto: DeleteAccountDto): Promise<void> {
    await this.account.delete(auth, dto);
  }
}
