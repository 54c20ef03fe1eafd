import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  type AccountView,
  type MessageResponse,
  type AccountsQueryDto,
  type RegisterDto,
  type ResendVerificationDto,
  type UpdateUserDto,
  type UserBriefResponse,
  type UserResponse,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { definedOnly } from '../../common/database/changes.js';
import { isUniqueViolation } from '../../common/database/errors.js';
import { pageOf } from '../../common/database/paging.js';
import { RateLimits } from '../../common/rate-limit/rate-limit.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { MediaService, type UploadedImage } from '../../common/media/media.service.js';
import { Permission } from '../access/access.rules.js';
import { AccessService } from '../access/access.service.js';
import { PasswordService } from '../auth/password.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import type { UserEntity } from './user.entity.js';
import { AuditService } from '../audit/audit.service.js';
import {
  accountLabel,
  toAccountView,
  toUserBrief,
  toUserResponse,
  type UserVisibility,
} from './users.mapper.js';
import { ACCESS_MESSAGES, USER_MESSAGES } from './users.messages.js';
import { UsersRepository } from './users.repository.js';
import { VERIFICATION_MESSAGES, VerificationService } from './verification.service.js';

/** More new addresses asked for than the `emailChange` limit allows (docs/api.md: `updateUser`). */
export const TOO_MANY_EMAIL_CHANGES = 'Too many changes of e-mail address. Please try again later.';

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly verification: VerificationService,
    private readonly access: AccessService,
    private readonly media: MediaService,
    private readonly audit: AuditService,
    private readonly rateLimits: RateLimits,
  ) {}

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findByEmail(email.trim().toLowerCase());
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findById(id);
  }

  /** Sets a new password, hashed; the caller has proved the current one. */
  async setPassword(id: number, password: string): Promise<void> {
    await this.users.setPassword(id, await this.passwords.hash(password));
  }

  /**
   * Stores the account unverified with an empty profile and its verification e-mail's job, in one transaction. A
   * taken address is refused by the unique index, not by a query before the insert that a concurrent registration
   * could pass too.
   */
  async register(dto: RegisterDto): Promise<MessageResponse> {
    const passwordHash = await this.passwords.hash(dto.password);
    try {
      await this.users.transaction(async (manager) => {
        const user = await this.users.createAccount(manager, {
          firstName: dto.first_name,
          lastName: dto.last_name,
          email: dto.email,
          passwordHash,
        });
        return this.verification.create(manager, user, user.email, 'register');
      });
    } catch (error) {
      // The unique index on the e-mail column is the check of an address already taken.
      if (isUniqueViolation(error)) throw new ConflictException(VERIFICATION_MESSAGES.emailTaken);
      throw error;
    }
    return { message: 'Verification link sent to your email' };
  }

  /** Same answer whether or not the address has an account waiting, so it reveals nothing. */
  async resendVerification(dto: ResendVerificationDto): Promise<MessageResponse> {
    const user = await this.users.findByEmailOrPendingEmail(dto.email);
    const waiting = user && (user.pendingEmail === dto.email || !user.isVerified);
    if (user && waiting) {
      const purpose = user.pendingEmail === dto.email ? 'email-change' : 'register';
      await this.users.transaction((manager) => this.verification.create(manager, user, dto.email, purpose));
    }
    return { message: 'If this address is waiting for verification, a new link has been sent to it.' };
  }

  async me(auth: AuthContext): Promise<UserResponse> {
    return toUserResponse(auth.user, await this.users.findProfile(auth.user.id));
  }

  /**
   * An account as its contacts see it: a member their trainers (of an active subscription), a trainer their
   * subscribers; the account itself and superusers see everything. Anyone else gets the 404 of an unknown id, so
   * sequential ids reveal nothing (docs/product.md §6).
   */
  async getById(auth: AuthContext, id: number): Promise<AccountView> {
    const user = await this.users.findById(id);
    const visibility = user ? await this.visibilityOf(auth, user) : null;
    if (!user || !visibility) throw new NotFoundException(USER_MESSAGES.notFound);
    return toAccountView(user, await this.users.findProfile(user.id), visibility);
  }

  private async visibilityOf(auth: AuthContext, user: UserEntity): Promise<UserVisibility | null> {
    if (await this.access.checkAccess(auth, Permission.UserRead, user.id)) return 'self';
    if (await this.access.checkAccess(auth, Permission.UserReadAsCoach, user.id)) return 'coach';
    if (await this.access.checkAccess(auth, Permission.UserReadAsMember, user)) return 'contact';
    return null;
  }

  /**
   * The caller's own record only, all or nothing: the picture is processed before the transaction and
   * removed again if the transaction fails. A new e-mail address waits for its verification link.
   */
  async update(
    auth: AuthContext,
    dto: UpdateUserDto,
    picture: UploadedImage | undefined,
  ): Promise<MessageResponse> {
    if (dto.id !== undefined) await this.access.requireAccess(auth, Permission.UserUpdate, dto.id);
    const current = auth.user;
    const newEmail = dto.email !== undefined && dto.email !== current.email ? dto.email : undefined;
    if (newEmail) {
      await this.rateLimits.spend('emailChange', `user:${current.id}`, 1, TOO_MANY_EMAIL_CHANGES);
      if (await this.users.isEmailTaken(newEmail))
        throw new ConflictException(VERIFICATION_MESSAGES.emailTaken);
    }
    const storedPicture = picture
      ? await this.media.storeImage('profile', picture, 'profile_picture')
      : undefined;

    try {
      await this.users.transaction(async (manager) => {
        await this.users.updateAccount(
          manager,
          current.id,
          definedOnly({
            firstName: dto.first_name,
            lastName: dto.last_name,
            profilePicture: storedPicture,
            pendingEmail: newEmail,
          }),
          definedOnly({
            height: dto.height,
            weight: dto.weight,
            bodyFat: dto.body_fat,
            age: dto.age,
            phone: dto.phone,
          }),
        );
        if (newEmail) await this.verification.create(manager, current, newEmail, 'email-change');
      });
    } catch (error) {
      await this.media.remove(storedPicture);
      throw error;
    }
    if (storedPicture && current.profilePicture) await this.media.remove(current.profilePicture);
    if (newEmail) {
      return {
        message: `User profile updated successfully. We sent a link to ${newEmail}: your e-mail address changes once you open it.`,
      };
    }
    return { message: 'User profile updated successfully' };
  }

  /** A one-element array, as the spec's client reads it (docs/api.md). */
  async countUsers(): Promise<[number]> {
    return [await this.users.countNonSuperusers()];
  }

  /** Members (neither trainers nor superusers), newest first. */
  listUsers(query: AccountsQueryDto): Promise<Page<UserBriefResponse>> {
    return pageOf(query, (paging) => this.users.pageOfMembers(paging, query), toUserBrief);
  }

  /** The accounts among `ids` (those online), trainers or plain members, never superusers, by id. */
  async briefsOf(ids: readonly number[], trainers: boolean): Promise<UserBriefResponse[]> {
    if (ids.length === 0) return [];
    return (await this.users.findAccountsAmong(ids, trainers)).map(toUserBrief);
  }

  /**
   * Blocks or unblocks an account, with its audit entry in the same transaction (ADR 023); blocking also ends
   * every session it has. Superusers block members and trainers, never another superuser nor themselves (409).
   */
  async changeAccess(auth: AuthContext, id: number): Promise<MessageResponse> {
    await this.access.requireAccess(auth, Permission.AccountAccessChange, id);
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException(USER_MESSAGES.notFound);
    const blocked = !user.blocked;
    // Unblocking is always allowed: it mends an account that was blocked before superusers could not be.
    if (blocked) await this.access.requireAccess(auth, Permission.AccountBlock, user);
    const changed = await this.users.transaction(async (manager) => {
      if (!(await this.users.setBlocked(manager, id, blocked))) return false;
      await this.audit.record(manager, auth, {
        action: blocked ? 'block_user' : 'unblock_user',
        target: { type: 'user', id, label: accountLabel(user) },
      });
      return true;
    });
    if (!changed) throw new ConflictException(ACCESS_MESSAGES.blockSuperuser);
    if (blocked) await this.sessions.revokeAllOf(id);
    this.logger.log(`User ${id} ${blocked ? 'blocked' : 'unblocked'} by ${auth.user.id}`);
    return { message: blocked ? 'User Blocked' : 'User Unblocked' };
  }
}
