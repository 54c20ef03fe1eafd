import { ConflictException, ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { type DataSource, In, type Repository } from 'typeorm';
import {
  type MessageResponse,
  PAGINATION,
  type PaginationQueryDto,
  type RegisterDto,
  type ResendVerificationDto,
  type UpdateUserDto,
  type UserBriefResponse,
  type UserResponse,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { isUniqueViolation } from '../../common/database/errors.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { MediaService, type UploadedImage } from '../../common/media/media.service.js';
import { PasswordService } from '../auth/password.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { ProfileEntity } from './profile.entity.js';
import { UserEntity } from './user.entity.js';
import { toUserBrief, toUserResponse } from './users.mapper.js';
import { VERIFICATION_MESSAGES, VerificationService } from './verification.service.js';

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(ProfileEntity) private readonly profiles: Repository<ProfileEntity>,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly verification: VerificationService,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly media: MediaService,
  ) {}

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email: email.trim().toLowerCase() });
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** Stores the account unverified with an empty profile, then queues the verification e-mail. */
  async register(dto: RegisterDto): Promise<MessageResponse> {
    if (await this.users.existsBy({ email: dto.email })) {
      throw new ConflictException(VERIFICATION_MESSAGES.emailTaken);
    }
    const passwordHash = await this.passwords.hash(dto.password);
    let link;
    try {
      link = await this.dataSource.transaction(async (manager) => {
        const user = await manager.save(
          manager.create(UserEntity, {
            firstName: dto.first_name,
            lastName: dto.last_name,
            email: dto.email,
            pendingEmail: null,
            passwordHash,
            profilePicture: null,
            isVerified: false,
            isTrainer: false,
            isSuperuser: false,
            blocked: false,
          }),
        );
        await manager.insert(ProfileEntity, { userId: user.id });
        return this.verification.create(manager, user, user.email, 'register');
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(VERIFICATION_MESSAGES.emailTaken);
      throw error;
    }
    await this.verification.send(link);
    return { message: 'Verification link sent to your email' };
  }

  /** Same answer whether or not the address has an account waiting, so it reveals nothing. */
  async resendVerification(dto: ResendVerificationDto): Promise<MessageResponse> {
    const user = await this.users.findOne({
      where: [{ email: dto.email }, { pendingEmail: dto.email }],
    });
    const waiting = user && (user.pendingEmail === dto.email || !user.isVerified);
    if (user && waiting) {
      const purpose = user.pendingEmail === dto.email ? 'email-change' : 'register';
      const link = await this.dataSource.transaction((manager) =>
        this.verification.create(manager, user, dto.email, purpose),
      );
      await this.verification.send(link);
    }
    return { message: 'If this address is waiting for verification, a new link has been sent to it.' };
  }

  async me(auth: AuthContext): Promise<UserResponse> {
    return toUserResponse(auth.user, await this.profiles.findOneBy({ userId: auth.user.id }), {
      private: true,
    });
  }

  /**
   * Anyone signed in sees a user's name and picture; e-mail and body stats only the user, superusers and the
   * user's trainer (of a programme the user actively subscribes to), who coaches them.
   */
  async getById(auth: AuthContext, id: number): Promise<UserResponse> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw new NotFoundException('User not found');
    const mayReadPrivate =
      auth.user.id === user.id ||
      auth.user.isSuperuser ||
      (auth.user.isTrainer && (await this.subscriptions.isTrainerOfMember(auth.user.id, user.id)));
    return toUserResponse(user, await this.profiles.findOneBy({ userId: user.id }), {
      private: mayReadPrivate,
    });
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
    if (dto.id !== undefined && dto.id !== auth.user.id) {
      throw new ForbiddenException('You can only update your own profile');
    }
    const current = auth.user;
    const newEmail = dto.email !== undefined && dto.email !== current.email ? dto.email : undefined;
    if (newEmail && (await this.users.existsBy({ email: newEmail }))) {
      throw new ConflictException(VERIFICATION_MESSAGES.emailTaken);
    }
    const storedPicture = picture
      ? await this.media.storeImage('profile', picture, 'profile_picture')
      : undefined;

    let link;
    try {
      link = await this.dataSource.transaction(async (manager) => {
        await manager.update(
          UserEntity,
          { id: current.id },
          {
            ...(dto.first_name !== undefined && { firstName: dto.first_name }),
            ...(dto.last_name !== undefined && { lastName: dto.last_name }),
            ...(storedPicture !== undefined && { profilePicture: storedPicture }),
            ...(newEmail !== undefined && { pendingEmail: newEmail }),
          },
        );
        const profile = {
          ...(dto.height !== undefined && { height: dto.height }),
          ...(dto.weight !== undefined && { weight: dto.weight }),
          ...(dto.body_fat !== undefined && { bodyFat: dto.body_fat }),
          ...(dto.age !== undefined && { age: dto.age }),
          ...(dto.phone !== undefined && { phone: dto.phone }),
        };
        if (Object.keys(profile).length > 0) {
          const updated = await manager.update(ProfileEntity, { userId: current.id }, profile);
          if (updated.affected === 0) await manager.insert(ProfileEntity, { userId: current.id, ...profile });
        }
        return newEmail ? this.verification.create(manager, current, newEmail, 'email-change') : undefined;
      });
    } catch (error) {
      await this.media.remove(storedPicture);
      if (isUniqueViolation(error)) throw new ConflictException(VERIFICATION_MESSAGES.emailTaken);
      throw error;
    }
    if (storedPicture && current.profilePicture) await this.media.remove(current.profilePicture);
    if (link) {
      await this.verification.send(link);
      return {
        message: `User profile updated successfully. We sent a link to ${newEmail}: your e-mail address changes once you open it.`,
      };
    }
    return { message: 'User profile updated successfully' };
  }

  /** A one-element array, as the spec's client reads it (API.md). */
  async countUsers(): Promise<[number]> {
    return [await this.users.countBy({ isSuperuser: false })];
  }

  /** Members (neither trainers nor superusers), newest first. */
  async listUsers(query: PaginationQueryDto): Promise<Page<UserBriefResponse>> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? PAGINATION.defaultPageSize;
    const [rows, total] = await this.users.findAndCount({
      where: { isSuperuser: false, isTrainer: false },
      order: { id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return { items: rows.map(toUserBrief), total, page, pageSize };
  }

  /** The accounts among `ids` (those online), trainers or plain members, never superusers, by id. */
  async briefsOf(ids: readonly number[], trainers: boolean): Promise<UserBriefResponse[]> {
    if (ids.length === 0) return [];
    const rows = await this.users.find({
      where: { id: In([...ids]), isTrainer: trainers, isSuperuser: false },
      order: { id: 'ASC' },
    });
    return rows.map(toUserBrief);
  }

  /** Blocks or unblocks an account; blocking also ends every session it has. */
  async changeAccess(auth: AuthContext, id: number): Promise<MessageResponse> {
    if (auth.user.id === id) throw new ConflictException('You cannot block yourself');
    const user = await this.users.findOneBy({ id });
    if (!user) throw new NotFoundException('User not found');
    const blocked = !user.blocked;
    await this.users.update({ id }, { blocked });
    if (blocked) await this.sessions.revokeAllOf(id);
    this.logger.log(`User ${id} ${blocked ? 'blocked' : 'unblocked'} by ${auth.user.id}`);
    return { message: blocked ? 'User Blocked' : 'User Unblocked' };
  }
}
