import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { VERIFY_EMAIL_LINK_TTL_HOURS } from '@fitcoach/contracts';
import { hashToken, newLinkToken } from '../../common/auth/token-hash.js';
import { isUniqueViolation } from '../../common/database/errors.js';
import { OutboxService } from '../../common/jobs/outbox.service.js';
import { EmailVerificationEntity } from './email-verification.entity.js';
import type { UserEntity } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

export const VERIFICATION_MESSAGES = {
  activated: 'Account Activated \n Now Log in using your credentials',
  alreadyActive: 'Account already active',
  expired: 'Activation Link Expired',
  invalid: 'Invalid Token',
  emailTaken: 'user account with this email already exists.',
} as const;

export type VerificationPurpose = 'register' | 'email-change';

/**
 * E-mail verification links: random, single use, stored hashed, valid 24 h, sent by the mail queue through the
 * jobs outbox (docs/decisions/031-jobs-outbox.md).
 */
@Injectable()
export class VerificationService {
  constructor(
    private readonly users: UsersRepository,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * Creates a link and its e-mail's job inside the caller's transaction: the mail goes out if and only if that
   * transaction commits. It replaces the account's earlier links: only the newest one works (see `use`).
   */
  async create(
    manager: EntityManager,
    user: UserEntity,
    email: string,
    purpose: VerificationPurpose,
  ): Promise<void> {
    const token = newLinkToken();
    const row = await this.users.createVerificationLink(manager, {
      userId: user.id,
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + VERIFY_EMAIL_LINK_TTL_HOURS * 3600 * 1000),
    });
    await this.outbox.add(
      manager,
      'mail.verify-email',
      { to: email, firstName: user.firstName, token, purpose },
      { dedupeKey: `verify-email-${row.id}` },
    );
  }

  /**
   * Uses a link: verifies the account, or moves it to the new address of an e-mail change, which must still be the
   * pending one. An address another account took in the meantime is a 409: the unique index on the e-mail column
   * refuses the move, whichever came first.
   */
  async verify(token: string): Promise<{ status: 200 | 201; Message: string }> {
    try {
      return await this.use(token);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(VERIFICATION_MESSAGES.emailTaken);
      throw error;
    }
  }

  private use(token: string): Promise<{ status: 200 | 201; Message: string }> {
    return this.users.transaction(async (manager) => {
      const link = await this.users.findVerificationLink(manager, hashToken(token));
      if (!link) throw new BadRequestException(VERIFICATION_MESSAGES.invalid);
      const user = await this.users.findById(link.userId, manager);
      if (!user) throw new BadRequestException(VERIFICATION_MESSAGES.invalid);
      if (user.isVerified && user.email === link.email) {
        return { status: 200 as const, Message: VERIFICATION_MESSAGES.alreadyActive };
      }
      if (link.usedAt) throw new BadRequestException(VERIFICATION_MESSAGES.invalid);
      if (link.expiresAt.getTime() <= Date.now())
        throw new BadRequestException(VERIFICATION_MESSAGES.expired);
      // Only the account's newest link works, so an older e-mail change cannot be confirmed. Checked here rather
      // than by deleting older links in `create`: a DELETE then INSERT on the same index gap deadlocks on InnoDB.
      const newest = await this.users.newestLinkId(manager, EmailVerificationEntity, link.userId);
      if (newest !== link.id) throw new BadRequestException(VERIFICATION_MESSAGES.invalid);

      if (!(await this.users.claimLink(manager, EmailVerificationEntity, link.id)))
        throw new BadRequestException(VERIFICATION_MESSAGES.invalid);

      if (link.email !== user.email) {
        if (link.email !== user.pendingEmail) throw new BadRequestException(VERIFICATION_MESSAGES.invalid);
        // An address another account took meanwhile: the unique index refuses the move, and `verify` answers 409.
        await this.users.moveToEmail(manager, user.id, link.email);
        return { status: 201 as const, Message: VERIFICATION_MESSAGES.activated };
      }
      await this.users.markVerified(manager, user.id);
      return { status: 201 as const, Message: VERIFICATION_MESSAGES.activated };
    });
  }
}
