import { Body, Controller, Headers, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { LoginDto, LogoutDto, RefreshTokenDto, VerifyTokenDto } from '@fitcoach/contracts';
import { Auth, type AuthContext, Public } from '../../common/auth/auth.decorators.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.js';
import { LegacyErrorKey } from '../../common/errors/legacy-error-key.interceptor.js';
import { AuthService } from './auth.service.js';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('token')
  @HttpCode(200)
  @RateLimit('login', { perAccount: 'loginAccount', errorKey: 'detail' })
  @UseInterceptors(new LegacyErrorKey('detail'))
  login(@Body() dto: LoginDto, @Headers('user-agent') userAgent?: string) {
    return this.auth.login(dto, userAgent);
  }

  @Public()
  @Post('token/refresh')
  @HttpCode(200)
  @UseInterceptors(new LegacyErrorKey('detail'))
  refresh(@Body() dto: RefreshTokenDto, @Headers('user-agent') userAgent?: string) {
    return this.auth.refresh(dto.refresh, userAgent);
  }

  @Public()
  @Post('token/verify')
  @HttpCode(200)
  @UseInterceptors(new LegacyErrorKey('detail'))
  async verify(@Body() dto: VerifyTokenDto) {
    await this.auth.authenticate(dto.token);
    return {};
  }

  @Post('users/logout')
  @HttpCode(200)
  logout(@Auth() auth: AuthContext, @Body() dto: LogoutDto) {
    return this.auth.logout(auth, dto);
  }
}
