import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  type MessageResponse,
  PAGINATION,
  type AccountsQueryDto,
  type PaginationQueryDto,
  type TrainerRegistrationDto,
  type TrainerResponse,
  type UserBriefResponse,
} from '@fitcoach/contracts';
import { isSelfOrSuperuser } from '../../common/auth/access.js';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { pagingOf } from '../../common/database/paging.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { MediaService, type UploadedImage } from '../../common/media/media.service.js';
import { toUserBrief } from '../users/users.mapper.js';
import { isUniqueViolation } from '../../common/database/errors.js';
import type { TrainerEntity } from './trainer.entity.js';
import { accountOf, toTrainerResponse } from './trainers.mapper.js';
import { TrainersRepository } from './trainers.repository.js';

export const TRAINER_MESSAGES = {
  created: 'Trainer profile created',
  alreadyTrainer: 'You are already a trainer',
  superuser: 'A superuser cannot register as a trainer',
  notTrainer: 'You are not a trainer',
  notFound: 'Trainer not found',
} as const;

@Injectable()
export class TrainersService {
  constructor(
    private readonly trainers: TrainersRepository,
    private readonly media: MediaService,
  ) {}

  /** The caller's own trainer record; a trainer flag without a record is refused the same way. */
  async requireOwnTrainer(auth: AuthContext): Promise<TrainerEntity> {
    const trainer = await this.trainers.findByUserId(auth.user.id);
    if (!trainer) throw new ForbiddenException(TRAINER_MESSAGES.notTrainer);
    return trainer;
  }

  /**
   * Makes the caller a trainer: the trainer row and the user's flag in one transaction. The picture is optional
   * (without one the account's picture shows, see the mapper) and is removed again if nothing was stored, as when
   * the caller is a trainer already (409).
   * Superusers moderate trainers and their programmes, so they cannot be one (403): docs/product.md §6 does not
   * offer them "Join as Trainer", and the rule holds for the API, not only in the hidden link.
   */
  async register(
    auth: AuthContext,
    dto: TrainerRegistrationDto,
    picture: UploadedImage | undefined,
  ): Promise<MessageResponse> {
    if (auth.user.isSuperuser) throw new ForbiddenException(TRAINER_MESSAGES.superuser);
    // A second registration is refused by the unique index on the trainer's user id, whatever the timing.
    const storedPicture = picture ? await this.media.storeImage('trainer', picture, 'profile_picture') : null;
    try {
      await this.trainers.register({
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
    } catch (error) {
      await this.media.remove(storedPicture);
      if (isUniqueViolation(error)) throw new ConflictException(TRAINER_MESSAGES.alreadyTrainer);
      throw error;
    }
    return { message: TRAINER_MESSAGES.created };
  }

  /** A trainer with its account's public columns, whether or not the account is blocked. */
  findWithAccount(id: number): Promise<TrainerEntity | null> {
    return this.trainers.findWithAccount(id);
  }

  async getOwn(auth: AuthContext): Promise<{ data: TrainerResponse }> {
    const trainer = await this.trainers.findWithAccountByUserId(auth.user.id);
    if (!trainer) throw new ForbiddenException(TRAINER_MESSAGES.notTrainer);
    return { data: toTrainerResponse(trainer, { showPhone: true }) };
  }

  /** A public profile; a blocked trainer's is gone for everyone, as if it did not exist. */
  async getPublic(auth: AuthContext | null, id: number): Promise<TrainerResponse> {
    const trainer = await this.trainers.findUnblocked(id);
    if (!trainer) throw new NotFoundException(TRAINER_MESSAGES.notFound);
    return toTrainerResponse(trainer, { showPhone: this.mayReadPhone(auth, trainer) });
  }

  /**
   * Trainers whose account is not blocked, newest first. `allTrainer` predates pagination, so a client that asks
   * for no page gets the largest one; X-Total-Count and the `next` link tell it whether that was all.
   */
  async listPublic(auth: AuthContext | null, query: PaginationQueryDto): Promise<Page<TrainerResponse>> {
    const paging = pagingOf(query, PAGINATION.maxPageSize);
    const [rows, total] = await this.trainers.pageOfUnblocked(paging);
    return {
      items: rows.map((trainer) =>
        toTrainerResponse(trainer, { showPhone: this.mayReadPhone(auth, trainer) }),
      ),
      total,
      ...paging,
    };
  }

  /** A one-element array, as the spec's client reads it (README.md, API). */
  async count(): Promise<[number]> {
    return [await this.trainers.count()];
  }

  /** The admin's trainer list: every trainer's account (blocked ones too, so they can be unblocked), newest first. */
  async listAccounts(query: AccountsQueryDto): Promise<Page<UserBriefResponse>> {
    const paging = pagingOf(query);
    const [rows, total] = await this.trainers.pageOfAccounts(paging, query);
    return { items: rows.map((trainer) => toUserBrief(accountOf(trainer))), total, ...paging };
  }

  /** The phone number is for the trainer and the superusers; visitors contact trainers through the app. */
  private mayReadPhone(auth: AuthContext | null, trainer: TrainerEntity): boolean {
    return isSelfOrSuperuser(auth, trainer.userId);
  }
}
