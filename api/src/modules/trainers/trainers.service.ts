import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  fullName,
  type MessageResponse,
  PAGINATION,
  type AccountsQueryDto,
  type PaginationQueryDto,
  type TrainerAccountResponse,
  type TrainerRegistrationDto,
  type TrainerResponse,
  type TrainerVerificationDto,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { pagingOf } from '../../common/database/paging.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { MediaService, type UploadedImage } from '../../common/media/media.service.js';
import { toUserBrief } from '../users/users.mapper.js';
import { isUniqueViolation } from '../../common/database/errors.js';
import { Permission } from '../access/access.rules.js';
import { AccessService } from '../access/access.service.js';
import { AuditService } from '../audit/audit.service.js';
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
    private readonly audit: AuditService,
    private readonly access: AccessService,
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

  /**
   * A public profile; a blocked trainer's is gone for everyone, as if it did not exist. One without a published
   * programme has nothing to offer yet: only the trainer and superusers see it.
   */
  async getPublic(auth: AuthContext | null, id: number): Promise<TrainerResponse> {
    const trainer = await this.trainers.findUnblocked(id);
    if (!trainer) throw new NotFoundException(TRAINER_MESSAGES.notFound);
    const showPhone = await this.mayReadPhone(auth, trainer);
    if (!showPhone && !(await this.trainers.hasPublishedProgram(id))) {
      throw new NotFoundException(TRAINER_MESSAGES.notFound);
    }
    return toTrainerResponse(trainer, { showPhone });
  }

  /**
   * Listed trainers (not blocked, with a published programme), verified first, then the newest. `allTrainer`
   * predates pagination, so a client that asks for no page gets the largest one; X-Total-Count and the `next` link
   * tell it whether that was all.
   */
  async listPublic(auth: AuthContext | null, query: PaginationQueryDto): Promise<Page<TrainerResponse>> {
    const paging = pagingOf(query, PAGINATION.maxPageSize);
    const [rows, total] = await this.trainers.pageOfListed(paging);
    const showPhones = await Promise.all(rows.map((trainer) => this.mayReadPhone(auth, trainer)));
    return {
      items: rows.map((trainer, i) => toTrainerResponse(trainer, { showPhone: showPhones[i] })),
      total,
      ...paging,
    };
  }

  /** A one-element array, as the spec's client reads it (docs/api.md). */
  async count(): Promise<[number]> {
    return [await this.trainers.count()];
  }

  /**
   * The admin's trainer list: every trainer's account (blocked ones too, so they can be unblocked), newest first,
   * with the trainer's id and whether it is verified, for the Verify form.
   */
  async listAccounts(query: AccountsQueryDto): Promise<Page<TrainerAccountResponse>> {
    const paging = pagingOf(query);
    const [rows, total] = await this.trainers.pageOfAccounts(paging, query);
    const items = rows.map((trainer) => ({
      ...toUserBrief(accountOf(trainer)),
      trainer_id: trainer.id,
      verified: trainer.verified,
    }));
    return { items, total, ...paging };
  }

  /**
   * A superuser verifies a trainer, or takes it back (docs/product.md §2.11), recorded in the audit log within the
   * same transaction (ADR 023). Asking for what already holds changes nothing and records nothing. Blocked
   * trainers too: blocking and vouching are separate decisions.
   */
  async verify(auth: AuthContext, id: number, dto: TrainerVerificationDto): Promise<TrainerResponse> {
    const trainer = await this.trainers.findWithAccount(id);
    if (!trainer) throw new NotFoundException(TRAINER_MESSAGES.notFound);
    const account = accountOf(trainer);
    await this.trainers.transaction(async (manager) => {
      if (!(await this.trainers.setVerified(manager, id, dto.verified))) return;
      await this.audit.record(manager, auth, {
        action: dto.verified ? 'verify_trainer' : 'unverify_trainer',
        target: { type: 'trainer', id, label: fullName(account.firstName, account.lastName) },
      });
    });
    const changed = await this.trainers.findWithAccount(id);
    if (!changed) throw new NotFoundException(TRAINER_MESSAGES.notFound);
    return toTrainerResponse(changed, { showPhone: true });
  }

  /** The phone number is for the trainer and the superusers; visitors contact trainers through the app. */
  private mayReadPhone(auth: AuthContext | null, trainer: TrainerEntity): Promise<boolean> {
    return this.access.checkAccess(auth, Permission.TrainerManage, trainer);
  }
}
