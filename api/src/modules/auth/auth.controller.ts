import { Body, Controller, Headers, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { LoginDto, LogoutDto, RefreshTokenDto, VerifyTokenDto } from '@fitcoach/contracts';
import { Auth, type AuthContext, Public } from '../../common/auth/auth.decorators.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.js';
import { LegacyErrorKey } from '../../common/errors/legacy-error-key.interceptor.js';
import { AuthService } from './auth.service.js';
import { ApiTags } from '@nestjs/swagger';
import { ANYONE, SIGNED_IN, TOKEN_PAIR, message } from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @RouteDoc({
    summary: 'Sign in: a token pair for an e-mail and password',
    access: 'anyone (10 a minute per address, 20 failed logins per 15 minutes per account)',
    caller: 'public',
    notes: 'Refusals also carry the text under `detail`.',
    body: LoginDto,
    ok: { status: 200, description: 'Signed in', schema: TOKEN_PAIR },
    refusals: {
      401: 'Bad credentials, or the e-mail address not verified yet',
      403: 'A blocked account',
      429: 'Too many attempts',
    },
  })
  @Public()
  @Post('token')
  @HttpCode(200)
  @RateLimit('login', { perAccount: 'loginAccount', errorKey: 'detail' })
  @UseInterceptors(new LegacyErrorKey('detail'))
  login(@Body() dto: LoginDto, @Headers('user-agent') userAgent?: string) {
    return this.auth.login(dto, userAgent);
  }

  @RouteDoc({
    summary: 'Renew a token pair',
    access: 'anyone holding a refresh token',
    caller: 'public',
    notes:
      'Rotation: a used refresh token replayed after 30 s ends its session. Refusals also carry `detail`.',
    body: RefreshTokenDto,
    ok: { status: 200, description: 'A new pair', schema: TOKEN_PAIR },
    refusals: { 401: 'An invalid, expired, used or ended refresh token', 403: 'A blocked account' },
  })
  @Public()
  @Post('token/refresh')
  @HttpCode(200)
  @UseInterceptors(new LegacyErrorKey('detail'))
  refresh(@Body() dto: RefreshTokenDto, @Headers('user-agent') userAgent?: string) {
    return this.auth.refresh(dto.refresh, userAgent);
  }

  @RouteDoc({
    summary: 'Check an access token',
    ...ANYONE,
    notes: 'Refusals also carry the text under `detail`.',
    body: VerifyTokenDto,
    ok: { status: 200, description: 'The token is valid', schema: { type: 'object' }, example: {} },
    refusals: { 401: 'An invalid or expired token', 403: 'A blocked account' },
  })
  @Public()
  @Post('token/verify')
  @HttpCode(200)
  @UseInterceptors(new LegacyErrorKey('detail'))
  async verify(@Body() dto: VerifyTokenDto) {
    await this.auth.authenticate(dto.token);
    return {};
  }

  @RouteDoc({
    summary: 'Sign out: end the session',
    ...SIGNED_IN,
    notes: 'Its access and refresh tokens stop working at once, its sockets close.',
    body: LogoutDto,
    ok: message('Signed out'),
  })
  @Post('users/logout')
  @HttpCode(200)
  logout(@Auth() auth: AuthContext, @Body() dto: LogoutDto) {
    return this.auth.logout(auth, dto);
  }
}
