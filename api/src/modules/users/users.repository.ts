import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type DataSource,
  type EntityManager,
  In,
  IsNull,
  type ObjectLiteral,
  type SelectQueryBuilder,
} from 'typeorm';
import type { AccountsQueryDto } from '@fitcoach/contracts';
import { definedOnly } from '../../common/database/changes.js';
import { pageAndTotal, type Paging } from '../../common/database/paging.js';
import { localDate } from '../../common/time/local-time.js';
import { writeMeasurement } from '../record/body-measurements.store.js';
import type { SingleUseLinkEntity } from '../../common/database/token-row.entity.js';
import { whereEveryWordIn } from '../../common/database/search.js';
import { EmailVerificationEntity } from './email-verification.entity.js';
import { PasswordResetEntity } from './password-reset.entity.js';
import { ProfileEntity } from './profile.entity.js';
import { UserEntity } from './user.entity.js';
import { findOneBuiltOnce } from '../../common/database/built-once.js';

/** A new account as registration stores it. */
export type NewAccount = Pick<UserEntity, 'firstName' | 'lastName' | 'email' | 'passwordHash'>;

/** What a profile update may change of the account row. */
export type AccountChanges = Partial<
  Pick<UserEntity, 'firstName' | 'lastName' | 'profilePicture' | 'pendingEmail'>
>;

/** What a profile update may change of the body stats. */
export type ProfileChanges = Partial<Pick<ProfileEntity, 'height' | 'weight' | 'bodyFat' | 'age' | 'phone'>>;

/** The single-use links e-mailed to an account: an address to verify, a password to reset. */
type EmailLinkKind = typeof EmailVerificationEntity | typeof PasswordResetEntity;

export type NewVerificationLink = Pick<
  EmailVerificationEntity,
  'userId' | 'email' | 'tokenHash' | 'expiresAt'
>;

/**
 * The narrow queries on accounts, their profiles and their e-mail verification links. The methods that take an
 * `EntityManager` run inside the caller's transaction (registration, a profile update, using a link).
 */
/** What the superuser's account lists filter and order by. */
export type AccountsFilter = Pick<AccountsQueryDto, 'search' | 'sort'>;

/**
 * A page of the accounts of `query` (which calls the account `user`) whose name or e-mail holds every word of the
 * search, by join date: the admin's Users and Trainers lists.
 */
export function pageOfAccounts<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  { search, sort }: AccountsFilter,
  paging: Paging,
): Promise<[T[], number]> {
  const order = sort === 'oldest' ? 'ASC' : 'DESC';
  const accounts = whereEveryWordIn(query, ['user.firstName', 'user.lastName', 'user.email'], search)
    .orderBy('user.createdAt', order)
    .addOrderBy('user.id', order);
  return pageAndTotal(accounts, paging);
}

@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction; the repository's manager-taking methods join it. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<UserEntity | null> {
    return findOneBuiltOnce('account by id', manager.getRepository(UserEntity), { where: { id } });
  }

  /** `email` as stored: trimmed and lower-cased. */
  findByEmail(email: string): Promise<UserEntity | null> {
    return this.dataSource.manager.findOneBy(UserEntity, { email });
  }

  /** The account whose address, or whose pending new address, is `email`. */
  findByEmailOrPendingEmail(email: string): Promise<UserEntity | null> {
    return this.dataSource.manager.findOne(UserEntity, { where: [{ email }, { pendingEmail: email }] });
  }

  isEmailTaken(email: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return manager.existsBy(UserEntity, { email });
  }

  findProfile(userId: number): Promise<ProfileEntity | null> {
    return findOneBuiltOnce('profile of an account', this.dataSource.getRepository(ProfileEntity), {
      where: { userId },
    });
  }

  /** An unverified member with an empty profile. */
  async createAccount(manager: EntityManager, account: NewAccount): Promise<UserEntity> {
    const user = await manager.save(
      manager.create(UserEntity, {
        ...account,
        pendingEmail: null,
        profilePicture: null,
        isVerified: false,
        isTrainer: false,
        isSuperuser: false,
        blocked: false,
      }),
    );
    await manager.insert(ProfileEntity, { userId: user.id });
    return user;
  }

  /** Changes the account row and the profile (created when missing); empty changes write nothing. */
  async updateAccount(
    manager: EntityManager,
    userId: number,
    account: AccountChanges,
    profile: ProfileChanges,
  ): Promise<void> {
    await manager.update(UserEntity, { id: userId }, account);
    if (Object.keys(profile).length > 0) {
      const updated = await manager.update(ProfileEntity, { userId }, profile);
      if (updated.affected === 0) await manager.insert(ProfileEntity, { userId, ...profile });
    }
    // A weight or body fat typed on the profile is today's measurement of the training record (ADR 061).
    const measured = definedOnly({
      weight: profile.weight ?? undefined,
      bodyFat: profile.bodyFat ?? undefined,
    });
    if (Object.keys(measured).length > 0) {
      await writeMeasurement(manager, userId, localDate(new Date(), 'UTC'), measured);
    }
  }

  /** Accounts that are not superusers. */
  countNonSuperusers(): Promise<number> {
    return this.dataSource.manager.countBy(UserEntity, { isSuperuser: false });
  }

  /** Members (neither trainers nor superusers), newest first. */
  pageOfMembers(paging: Paging, filter: AccountsFilter): Promise<[UserEntity[], number]> {
    const members = this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .where('user.isSuperuser = :no AND user.isTrainer = :no', { no: false });
    return pageOfAccounts(members, filter, paging);
  }

  /** The trainers (or plain members) among `ids`, never superusers, by id. */
  findAccountsAmong(ids: readonly number[], trainers: boolean): Promise<UserEntity[]> {
    return this.dataSource.getRepository(UserEntity).find({
      where: { id: In([...ids]), isTrainer: trainers, isSuperuser: false },
      order: { id: 'ASC' },
    });
  }

  /**
   * Blocks or unblocks inside the caller's transaction. A superuser is never blocked: false when the account became
   * one meanwhile (or is gone).
   */
  async setBlocked(manager: EntityManager, id: number, blocked: boolean): Promise<boolean> {
    const changed = await manager.update(
      UserEntity,
      { id, ...(blocked && { isSuperuser: false }) },
      { blocked },
    );
    return changed.affected === 1;
  }

  /** Superusers, the newest accounts first (as the other account lists). */
  pageOfSuperusers({ page, pageSize }: Paging): Promise<[UserEntity[], number]> {
    return this.dataSource.manager.findAndCount(UserEntity, {
      where: { isSuperuser: true },
      order: { id: 'DESC' },
      take: pageSize,
      skip: (page - 1) * pageSize,
    });
  }

  /**
   * The superusers' ids, inside the caller's transaction and, on MySQL, locked until it ends: two demotions at once
   * then take turns, and the second sees the first's result (a locking read reads the latest rows), so they cannot
   * remove the last two superusers together. SQLite runs one transaction at a time. The flag's index (migration
   * IndexAdminStats) can make InnoDB end one of two such transactions in a deadlock: the caller runs it again.
   */
  async lockSuperuserIds(manager: EntityManager): Promise<number[]> {
    const query = manager
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .select('user.id')
      .where('user.isSuperuser = :yes', { yes: true });
    if (manager.connection.options.type === 'mysql') query.setLock('pessimistic_write');
    return (await query.getMany()).map((user) => user.id);
  }

  /**
   * Makes an account a superuser, if it still may become one (verified, not blocked, not a trainer, not one
   * already), or no longer one; inside the caller's transaction. False when nothing changed.
   */
  async setSuperuser(manager: EntityManager, id: number, superuser: boolean): Promise<boolean> {
    const candidate = superuser
      ? { isSuperuser: false, isVerified: true, blocked: false, isTrainer: false }
      : { isSuperuser: true };
    const changed = await manager.update(UserEntity, { id, ...candidate }, { isSuperuser: superuser });
    return changed.affected === 1;
  }

  async markVerified(manager: EntityManager, id: number): Promise<void> {
    await manager.update(UserEntity, { id }, { isVerified: true });
  }

  /** The pending address becomes the account's, verified. */
  async moveToEmail(manager: EntityManager, id: number, email: string): Promise<void> {
    await manager.update(UserEntity, { id }, { email, pendingEmail: null, isVerified: true });
  }

  createVerificationLink(
    manager: EntityManager,
    link: NewVerificationLink,
  ): Promise<EmailVerificationEntity> {
    return manager.save(manager.create(EmailVerificationEntity, { ...link, usedAt: null }));
  }

  findVerificationLink(manager: EntityManager, tokenHash: string): Promise<EmailVerificationEntity | null> {
    return manager.findOneBy(EmailVerificationEntity, { tokenHash });
  }

  /** The id of the account's newest link of this kind: only that one works. */
  async newestLinkId(
    manager: EntityManager,
    kind: EmailLinkKind,
    userId: number,
  ): Promise<number | undefined> {
    const newest = await manager.findOne<SingleUseLinkEntity>(kind, {
      select: { id: true },
      where: { userId },
      order: { id: 'DESC' },
    });
    return newest?.id;
  }

  /** Marks the link used; false when it was used already (a concurrent use won). */
  async claimLink(manager: EntityManager, kind: EmailLinkKind, id: number): Promise<boolean> {
    const claimed = await manager.update<SingleUseLinkEntity>(
      kind,
      { id, usedAt: IsNull() },
      { usedAt: new Date() },
    );
    return claimed.affected === 1;
  }

  createPasswordReset(
    manager: EntityManager,
    link: Pick<PasswordResetEntity, 'userId' | 'tokenHash' | 'expiresAt'>,
  ): Promise<PasswordResetEntity> {
    return manager.save(manager.create(PasswordResetEntity, { ...link, usedAt: null }));
  }

  findPasswordReset(tokenHash: string): Promise<PasswordResetEntity | null> {
    return this.dataSource.manager.findOneBy(PasswordResetEntity, { tokenHash });
  }

  /** A new password; a reset link proves the address, so the account is verified too. */
  async resetPassword(manager: EntityManager, id: number, passwordHash: string): Promise<void> {
    await manager.update(UserEntity, { id }, { passwordHash, isVerified: true });
  }

  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.dataSource.manager.update(UserEntity, { id }, { passwordHash });
  }
}
