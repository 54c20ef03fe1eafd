import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository, SelectQueryBuilder } from 'typeorm';
import {
  type MessageResponse,
  PAGINATION,
  type PaginationQueryDto,
  type TrainerRegistrationDto,
  type TrainerResponse,
  type UserBriefResponse,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { MediaService, type UploadedImage } from '../../common/media/media.service.js';
import { UserEntity } from '../users/user.entity.js';
import { toUserBrief } from '../users/users.mapper.js';
import { isUniqueViolation } from '../../common/database/errors.js';
import { TrainerEntity } from './trainer.entity.js';
import { accountOf, toTrainerResponse } from './trainers.mapper.js';

export const TRAINER_MESSAGES = {
  created: 'Trainer profile created',
  alreadyTrainer: 'You are already a trainer',
  superuser: 'A superuser cannot register as a trainer',
  notTrainer: 'You are not a trainer',
  notFound: 'Trainer not found',
} as const;

/** What a Trainer or a Program shows of the trainer's account (the password hash and e-mail never leave it). */
export const TRAINER_ACCOUNT_COLUMNS = [
  'user.id',
  'user.firstName',
  'user.lastName',
  'user.profilePicture',
  'user.blocked',
];

@Injectable()
export class TrainersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(TrainerEntity) private readonly trainers: Repository<TrainerEntity>,
    private readonly media: MediaService,
  ) {}

  findByUserId(userId: number): Promise<TrainerEntity | null> {
    return this.trainers.findOneBy({ userId });
  }

  /** The caller's own trainer record; a trainer flag without a record is refused the same way. */
  async requireOwnTrainer(auth: AuthContext): Promise<TrainerEntity> {
    const trainer = await this.findByUserId(auth.user.id);
    if (!trainer) throw new ForbiddenException(TRAINER_MESSAGES.notTrainer);
    return trainer;
  }

  /**
   * Makes the caller a trainer: the trainer row and the user's flag in one transaction. The picture is optional
   * (without one the account's picture shows, see the mapper) and is removed again if nothing was stored.
   * Superusers moderate trainers and their programmes, so they cannot be one (403): SPEC §6 does not offer them
   * "Join as Trainer", and the rule holds for the API, not only in the hidden link.
   */
  async register(
    auth: AuthContext,
    dto: TrainerRegistrationDto,
    picture: UploadedImage | undefined,
  ): Promise<MessageResponse> {
    if (auth.user.isSuperuser) throw new ForbiddenException(TRAINER_MESSAGES.superuser);
    if (await this.trainers.existsBy({ userId: auth.user.id })) {
      throw new ConflictException(TRAINER_MESSAGES.alreadyTrainer);
    }
    const storedPicture = picture ? await this.media.storeImage('trainer', picture, 'profile_picture') : null;
    try {
      await this.dataSource.transaction(async (manager) => {
        // The account row first: a second registration then waits for this one and meets its trainer row (409).
        // Inserted first, both would share the account row's foreign-key lock, and InnoDB would end one in a deadlock.
        await manager.update(UserEntity, { id: auth.user.id }, { isTrainer: true });
        await manager.insert(TrainerEntity, {
          userId: auth.user.id,
          specialisation: dto.specalized,
          about: dto.about ?? '',
          certifications: dto.certifications ?? '',
          experienceYears: dto.experience_years,
          rating: null,
          country: dto.country,
          phone: dto.phone,
          profilePicture: storedPicture,
        });
      });
    } catch (error) {
      await this.media.remove(storedPicture);
      if (isUniqueViolation(error)) throw new ConflictException(TRAINER_MESSAGES.alreadyTrainer);
      throw error;
    }
    return { message: TRAINER_MESSAGES.created };
  }

  /** A trainer with its account's public columns, whether or not the account is blocked. */
  findWithAccount(id: number): Promise<TrainerEntity | null> {
    return this.withUser().where('trainer.id = :id', { id }).getOne();
  }

  async getOwn(auth: AuthContext): Promise<{ data: TrainerResponse }> {
    const trainer = await this.withUser()
      .where('trainer.userId = :userId', { userId: auth.user.id })
      .getOne();
    if (!trainer) throw new ForbiddenException(TRAINER_MESSAGES.notTrainer);
    return { data: toTrainerResponse(trainer, { showPhone: true }) };
  }

  /** A public profile; a blocked trainer's is gone for everyone, as if it did not exist. */
  async getPublic(auth: AuthContext | null, id: number): Promise<TrainerResponse> {
    const trainer = await this.withUser()
      .where('trainer.id = :id', { id })
      .andWhere('user.blocked = :blocked', { blocked: false })
      .getOne();
    if (!trainer) throw new NotFoundException(TRAINER_MESSAGES.notFound);
    return toTrainerResponse(trainer, { showPhone: this.mayReadPhone(auth, trainer) });
  }

  /**
   * Trainers whose account is not blocked, newest first. `allTrainer` predates pagination, so a client that asks
   * for no page gets the largest one; X-Total-Count and the `next` link tell it whether that was all.
   */
  async listPublic(auth: AuthContext | null, query: PaginationQueryDto): Promise<Page<TrainerResponse>> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? PAGINATION.maxPageSize;
    const [rows, total] = await this.withUser()
      .where('user.blocked = :blocked', { blocked: false })
      .orderBy('trainer.id', 'DESC')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .getManyAndCount();
    return {
      items: rows.map((trainer) =>
        toTrainerResponse(trainer, { showPhone: this.mayReadPhone(auth, trainer) }),
      ),
      total,
      page,
      pageSize,
    };
  }

  /** A one-element array, as the spec's client reads it (API.md). */
  async count(): Promise<[number]> {
    return [await this.trainers.count()];
  }

  /** The admin's trainer list: every trainer's account (blocked ones too, so they can be unblocked), newest first. */
  async listAccounts(query: PaginationQueryDto): Promise<Page<UserBriefResponse>> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? PAGINATION.defaultPageSize;
    const [rows, total] = await this.trainers
      .createQueryBuilder('trainer')
      .innerJoinAndSelect('trainer.user', 'user')
      .where('user.isSuperuser = :superuser', { superuser: false })
      .orderBy('user.id', 'DESC')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .getManyAndCount();
    return {
      items: rows.map((trainer) => toUserBrief(accountOf(trainer))),
      total,
      page,
      pageSize,
    };
  }

  /** The phone number is for the trainer and the superusers; visitors contact trainers through the app. */
  private mayReadPhone(auth: AuthContext | null, trainer: TrainerEntity): boolean {
    return auth !== null && (auth.user.isSuperuser || auth.user.id === trainer.userId);
  }

  /** Trainers with the few account columns a Trainer shows (never the password hash). */
  private withUser(): SelectQueryBuilder<TrainerEntity> {
    return this.trainers
      .createQueryBuilder('trainer')
      .innerJoin('trainer.user', 'user')
      .addSelect(TRAINER_ACCOUNT_COLUMNS);
  }
}
