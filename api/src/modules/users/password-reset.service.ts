import { BadRequestException, Injectable } from '@nestjs/common';
import {
  type MessageResponse,
  PASSWORD_RESET_LINK_TTL_MINUTES,
  type PasswordResetConfirmDto,
  type PasswordResetDto,
} from '@fitcoach/contracts';
import { hashToken, newLinkToken } from '../../common/auth/token-hash.js';
import { OutboxService } from '../../common/jobs/outbox.service.js';
import { PasswordService } from '../auth/password.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import { PasswordResetEntity } from './password-reset.entity.js';
import { UsersRepository } from './users.repository.js';

export const PASSWORD_RESET_MESSAGES = {
  sent: 'If an account uses this address, a link to choose a new password has been sent to it.',
  done: 'Your password has been changed. Sign in with your new password.',
  invalid: 'This password reset link is not valid: it was used, or a newer one was sent. Ask for a new link.',
  expired: 'This password reset link has expired. Ask for a new link.',
} as const;

/**
 * Forgotten passwords: a random, single-use link by e-mail, stored hashed, valid for an hour, only the account's
 * newest one working. Choosing the new password ends every session of the account.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly users: UsersRepository,
    private readonly outbox: OutboxService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
  ) {}

  /** The same answer whether the address has an account or not; a blocked account gets no link. */
  async request(dto: PasswordResetDto): Promise<MessageResponse> {
    const user = await this.users.findByEmail(dto.email);
    if (user && !user.blocked) {
      const token = newLinkToken();
      await this.users.transaction(async (manager) => {
        const link = await this.users.createPasswordReset(manager, {
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + PASSWORD_RESET_LINK_TTL_MINUTES * 60 * 1000),
        });
        await this.outbox.add(
          manager,
          'mail.password-reset',
          { to: user.email, firstName: user.firstName, token },
          { dedupeKey: `password-reset-${link.id}` },
        );
      });
    }
    return { message: PASSWORD_RESET_MESSAGES.sent };
  }

  async confirm(dto: PasswordResetConfirmDto): Promise<MessageResponse> {
    const link = await this.users.findPasswordReset(hashToken(dto.token));
    if (!link || link.usedAt) throw new BadRequestException(PASSWORD_RESET_MESSAGES.invalid);
    if (link.expiresAt.getTime() <= Date.now())
      throw new BadRequestException(PASSWORD_RESET_MESSAGES.expired);
    // Hashed before the transaction: argon2 takes tens of milliseconds, which the transaction need not wait for.
    const passwordHash = await this.passwords.hash(dto.password);
    await this.users.transaction(async (manager) => {
      const newest = await this.users.newestLinkId(manager, PasswordResetEntity, link.userId);
      if (newest !== link.id || !(await this.users.claimLink(manager, PasswordResetEntity, link.id)))
        throw new BadRequestException(PASSWORD_RESET_MESSAGES.invalid);
      await this.users.resetPassword(manager, link.userId, passwordHash);
    });
    await this.sessions.revokeAllOf(link.userId);
    return { message: PASSWORD_RESET_MESSAGES.done };
  }
}
