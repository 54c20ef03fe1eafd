import { BadRequestException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type {
  ChangePasswordDto,
  RevokedSessionsResponse,
  SessionResponse,
  TokenPairResponse,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { AUTH_MESSAGES } from '../../common/auth/auth.messages.js';
import { RateLimits } from '../../common/rate-limit/rate-limit.js';
import { UsersService } from '../users/users.service.js';
import { PasswordService } from './password.service.js';
import { SessionsService } from './sessions.service.js';

export const ACCOUNT_SECURITY_MESSAGES = {
  wrongPassword: 'Your current password is not correct.',
  samePassword: 'Choose a new password that differs from your current one.',
  sessionNotFound: 'Session not found',
} as const;

const refusal = (field: keyof ChangePasswordDto, message: string) =>
  new BadRequestException({ message, errors: [{ field, message }] });

/** Every method acts on the caller's account only (docs/product.md §2.9). */
@Injectable()
export class AccountSecurityService {
  constructor(
    private readonly users: UsersService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly rateLimits: RateLimits,
  ) {}

  /**
   * The current password counts in the sign-in attempts, so a stolen session cannot guess it faster than the login
   * page could. Every other session ends.
   */
  async changePassword(auth: AuthContext, dto: ChangePasswordDto): Promise<TokenPairResponse> {
    const account = await this.users.findById(auth.user.id);
    if (!account) throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
    await this.rateLimits.spendOnAccount('loginAccount', account.email);
    if (!(await this.passwords.verify(account.passwordHash, dto.old_password)))
      throw refusal('old_password', ACCOUNT_SECURITY_MESSAGES.wrongPassword);
    await this.rateLimits.resetAccount('loginAccount', account.email);
    if (dto.new_password === dto.old_password)
      throw refusal('new_password', ACCOUNT_SECURITY_MESSAGES.samePassword);
    await this.users.setPassword(account.id, dto.new_password);
    await this.sessions.revokeAllOfBut(account.id, auth.sessionId);
    return this.sessions.renew(account.id, auth.sessionId);
  }

  sessionsOf(auth: AuthContext): Promise<SessionResponse[]> {
    return this.sessions.listOf(auth.user.id, auth.sessionId);
  }

  /** Any other id, another account's included, is not found. */
  async endSession(auth: AuthContext, sessionId: string): Promise<void> {
    if (!(await this.sessions.isLiveSessionOf(auth.user.id, sessionId)))
      throw new NotFoundException(ACCOUNT_SECURITY_MESSAGES.sessionNotFound);
    await this.sessions.revokeSession(sessionId);
  }

  async endOtherSessions(auth: AuthContext): Promise<RevokedSessionsResponse> {
    return { revoked: await this.sessions.revokeAllOfBut(auth.user.id, auth.sessionId) };
  }
}
