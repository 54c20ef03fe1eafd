import { Body, Controller, Delete, Get, HttpCode, Res } from '@nestjs/common';
import { DeleteAccountDto } from '@fitcoach/contracts';
import type { Response } from 'express';
import { Auth, type AuthContext } from '../../common/auth/auth.decorators.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.js';
import { AccountService } from './account.service.js';
import { ApiTags } from '@nestjs/swagger';
import { RouteDoc } from '../../common/openapi/route-doc.js';

@ApiTags('account')
@Controller('users/me')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  /** The caller's data as a file to keep: the browser saves it rather than showing it. */
  @RouteDoc({
    summary: "Download the caller's own data",
    access: 'a signed-in user, their own data only (5 an hour per account)',
    caller: 'signed-in',
    notes:
      'A file (`Content-Disposition: attachment`) shaped as `AccountExport` in libs/contracts/src/account.ts.',
    ok: {
      status: 200,
      description:
        'The export: format, account, profile, trainer, subscriptions, payments, progress, messages',
      schema: { type: 'object', additionalProperties: true },
    },
    refusals: { 429: 'More than 5 exports this hour' },
  })
  @Get('export')
  async export(@Auth() auth: AuthContext, @Res({ passthrough: true }) res: Response) {
    const { fileName, file } = await this.account.export(auth);
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    return file;
  }

  /** The password is a sign-in attempt: counted per client address with the logins. */
  @RouteDoc({
    summary: "Delete the caller's account",
    access: 'a signed-in user, their own account only (10 a minute per address)',
    caller: 'signed-in',
    notes: 'The row stays, anonymised; every session ends. A wrong password counts as a failed login.',
    body: DeleteAccountDto,
    ok: { status: 204, description: 'Deleted' },
    refusals: {
      400: 'A wrong or missing password',
      409: 'The last superuser',
      429: 'Too many attempts',
    },
  })
  @Delete()
  @HttpCode(204)
  @RateLimit('login')
  async delete(@Auth() auth: AuthContext, @Body() dto: DeleteAccountDto): Promise<void> {
    await this.account.delete(auth, dto);
  }
}
