import { BadRequestException, ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type AccountExport,
  accountExportFileName,
  type DeleteAccountDto,
  DELETED_ACCOUNT,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';
import { retryingDeadlocks } from '../../common/database/errors.js';
import { OutboxService } from '../../common/jobs/outbox.service.js';
import { MediaService } from '../../common/media/media.service.js';
import { RateLimits } from '../../common/rate-limit/rate-limit.js';
import { AuditService } from '../audit/audit.service.js';
import { PasswordService } from '../auth/password.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import { clipNotification } from '../chat/trainer-news.listener.js';
import { UsersRepository } from '../users/users.repository.js';
import { AccountDataRepository, type LeftSubscriber } from './account-data.repository.js';
import { toAccountExport } from './account-export.mapper.js';

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'This is not the password of your account',
  lastSuperuser:
    'The last superuser cannot delete their account: make another account a superuser first (Settings → Superusers)',
  tooManyExports: 'You have downloaded your data several times this hour. Please try again later.',
} as const;

export const TRAINER_LEFT_NEWS = (programme: string) =>
  clipNotification(
    `The trainer of ${programme} has closed their account: the programme is no longer offered, and your lessons stay open to you`,
  );

/** Not an argon2 hash, so no password ever matches it. */
const NO_PASSWORD = '!deleted';

/** Deletion erases what names the owner, the rest stays anonymous (docs/product.md §2.9, docs/architecture.md §5). */
@Injectable()
export class AccountService {
  private readonly logger = new Logger(AccountService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly data: AccountDataRepository,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly outbox: OutboxService,
    private readonly media: MediaService,
    private readonly audit: AuditService,
    private readonly rateLimits: RateLimits,
  ) {}

  /** A handful an hour, as each reads every table that holds some. */
  async export(auth: AuthContext): Promise<{ fileName: string; file: AccountExport }> {
    await this.rateLimits.spend('accountExport', `user:${auth.user.id}`, 1, ACCOUNT_MESSAGES.tooManyExports);
    const user = (await this.users.findById(auth.user.id)) ?? auth.user;
    const now = new Date();
    return { fileName: accountExportFileName(now), file: toAccountExport(await this.data.rowsOf(user), now) };
  }

  /** The password counts as a sign-in attempt; pictures leave media storage only once the transaction committed. */
  async delete(auth: AuthContext, dto: DeleteAccountDto): Promise<void> {
    const user = (await this.users.findById(auth.user.id)) ?? auth.user;
    await this.rateLimits.spendOnAccount('loginAccount', user.email);
    if (!(await this.passwords.verify(user.passwordHash, dto.password)))
      throw new BadRequestException(ACCOUNT_MESSAGES.wrongPassword);
    await this.rateLimits.resetAccount('loginAccount', user.email);

    // Two superusers leaving at once lock each other's rows; InnoDB may end one in a deadlock.
    const files = await retryingDeadlocks(() =>
      this.data.transaction(async (manager) => {
        if (user.isSuperuser) {
          const superusers = await this.users.lockSuperuserIds(manager);
          if (superusers.length <= 1 && superusers.includes(user.id))
            throw new ConflictException(ACCOUNT_MESSAGES.lastSuperuser);
        }
        const { pictures, photos, trainerId } = await this.data.filesAndTrainer(manager, user);
        const images = await this.data.sentImages(manager, user.id);
        if (trainerId !== undefined) {
          const subscribers = await this.data.withdrawPrograms(manager, trainerId);
          await this.tellSubscribers(manager, user.id, subscribers);
          await this.data.eraseTrainer(manager, trainerId);
        }
        await this.data.eraseAccount(manager, user.id, NO_PASSWORD);
        await this.data.deleteSessions(manager, user.id);
        // The entry names the account as it is now, without the name and address just erased.
        const anonymous = {
          ...auth,
          user: { ...user, ...DELETED_ACCOUNT, email: DELETED_ACCOUNT.email(user.id) },
        };
        await this.audit.record(manager, anonymous, {
          action: 'delete_account',
          target: { type: 'user', id: user.id, label: `Account ${user.id}` },
        });
        return { pictures: [...pictures, ...images], photos };
      }),
    );
    // The rows are gone; this tells the caches and the open sockets.
    await this.sessions.revokeAllOf(user.id);
    for (const file of files.pictures) {
      await this.media
        .remove(file)
        .catch((error: Error) =>
          this.logger.warn(`Picture ${file} of deleted account left: ${error.message}`),
        );
    }
    for (const file of files.photos) {
      await this.media
        .removePrivate(file)
        .catch((error: Error) =>
          this.logger.warn(`Progress photo ${file} of deleted account left: ${error.message}`),
        );
    }
    this.logger.log(`Account ${user.id} deleted by its owner`);
  }

  private async tellSubscribers(
    manager: EntityManager,
    trainerUserId: number,
    subscribers: readonly LeftSubscriber[],
  ): Promise<void> {
    await this.data.notify(manager, subscribers, {
      senderName: this.config.siteName,
      category: 'program',
      message: TRAINER_LEFT_NEWS,
    });
    for (const subscriber of subscribers) {
      await this.outbox.add(
        manager,
        'mail.trainer-left',
        {
          to: subscriber.email,
          firstName: subscriber.firstName,
          programName: subscriber.programName,
          programId: subscriber.programId,
        },
        { dedupeKey: `trainer-left-${trainerUserId}-${subscriber.programId}-${subscriber.userId}` },
      );
    }
  }
}
