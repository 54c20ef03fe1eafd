import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { LoginDto, LogoutDto, MessageResponse, TokenPairResponse } from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { AUTH_MESSAGES } from '../../common/auth/auth.messages.js';
import { RateLimits } from '../../common/rate-limit/rate-limit.js';
import { UsersService } from '../users/users.service.js';
import type { AccessTokenClaims } from './auth.constants.js';
import { PasswordService } from './password.service.js';
import { SessionCache } from './session-cache.js';
import { hasClaimsOf, keptUserAgent, SessionsService } from './sessions.service.js';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly rateLimits: RateLimits,
    private readonly sessionCache: SessionCache,
  ) {}

  async login(dto: LoginDto, userAgent?: string): Promise<TokenPairResponse> {
    const user = await this.users.findByEmail(dto.email);
    const passwordOk = await this.passwords.verify(user?.passwordHash, dto.password);
    if (!user || !passwordOk) throw new UnauthorizedException({ message: AUTH_MESSAGES.badCredentials });
    await this.rateLimits.resetAccount('loginAccount', dto.email);
    if (!user.isVerified) throw new UnauthorizedException({ message: AUTH_MESSAGES.notVerified });
    if (user.blocked) throw new ForbiddenException({ message: AUTH_MESSAGES.blocked });
    return this.sessions.start(user.id, keptUserAgent(userAgent));
  }

  async refresh(refreshToken: string, userAgent?: string): Promise<TokenPairResponse> {
    const claims = await this.sessions.verifyRefresh(refreshToken);
    const user = await this.users.findById(Number(claims.sub));
    if (!user || user.deletedAt) throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
    if (user.blocked) throw new ForbiddenException(AUTH_MESSAGES.blocked);
    return this.sessions.rotate(claims, keptUserAgent(userAgent));
  }

  /** The one authentication function, shared by the REST guard and the socket handshake. */
  async authenticate(accessToken: string): Promise<AuthContext> {
    return this.resolve(await this.sessions.verifyAccess(accessToken));
  }

  async resolve(claims: AccessTokenClaims): Promise<AuthContext> {
    // The REST guard hands over any token our secret signed: a refresh token must not pass for one.
    if (!hasClaimsOf(claims, 'access')) throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
    const userId = Number(claims.sub);
    const user = await this.sessionCache.account(userId, claims.sid, async () => {
      const account = await this.users.findById(userId);
      if (!account || !account.isVerified || account.deletedAt)
        throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
      if (account.blocked) throw new ForbiddenException(AUTH_MESSAGES.blocked);
      if (!(await this.sessions.isActive(claims.sid)))
        throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
      return account;
    });
    return { user, sessionId: claims.sid };
  }

  async logout(auth: AuthContext, dto: LogoutDto): Promise<MessageResponse> {
    await this.sessions.revokeSession(auth.sessionId);
    if (dto.refresh) {
      const other = await this.sessions.sessionOf(dto.refresh, auth.user.id);
      if (other) await this.sessions.revokeSession(other);
    }
    return { message: 'User logged out' };
  }
}
