import { ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  type CreateProgramDto,
  fitsMinorUnits,
  type MessageResponse,
  priceDecimalsMessage,
  type ProgramListQueryDto,
  type ProgramResponse,
  type ProgramUpdateResponse,
  toMinorUnits,
  type UpdateProgramDto,
} from '@fitcoach/contracts';
import { isSelf, isSelfOrSuperuser } from '../../common/auth/access.js';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { definedOnly } from '../../common/database/changes.js';
import { pagingOf } from '../../common/database/paging.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { MediaService, type UploadedImage } from '../../common/media/media.service.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { TrainersService } from '../trainers/trainers.service.js';
import { isUniqueViolation } from '../../common/database/errors.js';
import { fieldError } from '../../common/errors/validation.js';
import type { ProgramEntity } from './program.entity.js';
import { type ProgramReview, toProgramResponse } from './programs.mapper.js';
import { ProgramsRepository } from './programs.repository.js';

export const PROGRAM_MESSAGES = {
  created: 'Programme created',
  updated: 'Programme updated',
  notFound: 'Programme not found',
  notOwner: 'You do not own this programme',
  trainerNotFound: 'Trainer not found',
  requestSent: 'Publish request sent',
  requestPending: 'Request already submitted',
  alreadyPublished: 'Program is already published',
  published: 'Program Published',
  blocked: 'Program Blocked',
  rejected: 'Program Rejected',
  notPending: 'Only a programme waiting for approval can be rejected',
} as const;

/** Published by a trainer who is not blocked: what everyone sees and anyone may buy. Needs the trainer's account. */
function isPublic(program: ProgramEntity): boolean {
  return program.isPublished === true && program.trainer?.user?.blocked === false;
}

/** A programme's life on its trainer's side (docs/product.md §4): seen, created, edited, submitted, listed. */
@Injectable()
export class ProgramsService {
  private readonly logger = new Logger(ProgramsService.name);

  constructor(
    private readonly programs: ProgramsRepository,
    private readonly trainers: TrainersService,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly media: MediaService,
  ) {}

  /**
   * A programme the caller may see, loaded with its trainer and the trainer's account: published by a trainer who
   * is not blocked, or any for its owner and superusers. 404 otherwise, so unpublished ones stay unknown.
   */
  async findVisible(auth: AuthContext | null, id: number): Promise<ProgramEntity> {
    const program = await this.programs.findWithTrainer(id);
    if (!program || !(isPublic(program) || (await this.canSeeContent(auth, program)))) {
      throw new NotFoundException(PROGRAM_MESSAGES.notFound);
    }
    return program;
  }

  /** Whether the programme may be bought now (`isPublic`): checkout asks again when it takes the money. */
  async isOnSale(id: number): Promise<boolean> {
    const program = await this.programs.findWithTrainer(id);
    return program !== null && isPublic(program);
  }

  /** A programme the caller may change, loaded like `findVisible`: 404 when unknown, 403 when not theirs. */
  async findOwned(auth: AuthContext, id: number): Promise<ProgramEntity> {
    const program = await this.programs.findWithTrainer(id);
    if (!program) throw new NotFoundException(PROGRAM_MESSAGES.notFound);
    if (!isSelf(auth, program.trainer?.userId)) throw new ForbiddenException(PROGRAM_MESSAGES.notOwner);
    return program;
  }

  /**
   * Everything of a programme, lessons included: its owner, superusers and its active subscribers (a cancelled or
   * refunded subscription no longer counts). A member who paid keeps it when the programme is unpublished later:
   * `findVisible` shows them the programme through this too (ADR 015).
   */
  async canSeeContent(auth: AuthContext | null, program: ProgramEntity): Promise<boolean> {
    if (!auth) return false;
    if (await this.mayManage(auth, program)) return true;
    return this.subscriptions.isActiveSubscriber(auth.user.id, program.id);
  }

  /** The owner's and superusers' view: `publish_requested` and unpublished programmes. */
  async mayManage(auth: AuthContext | null, program: ProgramEntity): Promise<boolean> {
    return isSelfOrSuperuser(auth, await this.ownerUserId(program));
  }

  /** The account id of the programme's trainer, from the loaded trainer when there is one. */
  async ownerUserId(program: ProgramEntity): Promise<number | undefined> {
    return program.trainer?.userId ?? (await this.trainers.findWithAccount(program.trainerId))?.userId;
  }

  isTrainersProgram(id: number, trainerId: number): Promise<boolean> {
    return this.programs.isOfTrainer(id, trainerId);
  }

  /** Always the caller's own trainer record and always unpublished, whatever the request says. */
  async create(
    auth: AuthContext,
    dto: CreateProgramDto,
    cover: UploadedImage | undefined,
  ): Promise<MessageResponse & { id: number }> {
    const trainer = await this.trainers.requireOwnTrainer(auth);
    const coverImage = cover ? await this.media.storeImage('program', cover, 'cover_image') : null;
    try {
      const program = await this.programs.create({
        trainerId: trainer.id,
        name: dto.program_name,
        description: dto.description,
        durationDays: dto.duration,
        priceMinor: toMinorUnits(dto.price, dto.currency),
        currency: dto.currency,
        category: dto.category,
        level: dto.level,
        coverImage,
        isPublished: false,
      });
      return { message: PROGRAM_MESSAGES.created, id: program.id };
    } catch (error) {
      await this.media.remove(coverImage);
      throw error;
    }
  }

  /**
   * The owner edits; absent fields stay. A new cover replaces the old file only once the row points at it.
   * A published programme whose name, description or price changes goes back to review (ADR 012): unpublished,
   * with its publish request pending again, in one transaction with the edit.
   */
  async update(
    auth: AuthContext,
    id: number,
    dto: UpdateProgramDto,
    cover: UploadedImage | undefined,
  ): Promise<ProgramUpdateResponse> {
    const program = await this.findOwned(auth, id);
    // The currency is the programme's own: set at creation, the one its payments are in.
    if (dto.price !== undefined && !fitsMinorUnits(dto.price, program.currency)) {
      throw fieldError('price', priceDecimalsMessage(program.currency));
    }
    const newCover = cover ? await this.media.storeImage('program', cover, 'cover_image') : undefined;
    const priceMinor = dto.price === undefined ? undefined : toMinorUnits(dto.price, program.currency);
    const backToReview =
      program.isPublished &&
      ((dto.program_name !== undefined && dto.program_name !== program.name) ||
        (dto.description !== undefined && dto.description !== program.description) ||
        (priceMinor !== undefined && priceMinor !== program.priceMinor));
    const changes = definedOnly({
      name: dto.program_name,
      description: dto.description,
      durationDays: dto.duration,
      priceMinor,
      category: dto.category,
      level: dto.level,
      coverImage: newCover,
      isPublished: backToReview ? false : undefined,
    });
    if (Object.keys(changes).length > 0) {
      try {
        await this.programs.update(id, changes, backToReview);
      } catch (error) {
        await this.media.remove(newCover);
        throw error;
      }
    }
    if (newCover !== undefined && program.coverImage) await this.media.remove(program.coverImage);
    if (backToReview) this.logger.log(`Programme ${id} edited by user ${auth.user.id}: back to review`);
    return { message: PROGRAM_MESSAGES.updated, back_to_review: backToReview };
  }

  /** With `publish_requested` and `status` for the owner and superusers. */
  async getVisible(auth: AuthContext | null, id: number): Promise<ProgramResponse> {
    const program = await this.findVisible(auth, id);
    if (!(await this.mayManage(auth, program))) return toProgramResponse(program);
    const [response] = await this.withReview([program]);
    return response;
  }

  /** The public catalogue: published programmes of trainers who are not blocked, newest first. */
  async listPublished(query: ProgramListQueryDto): Promise<Page<ProgramResponse>> {
    const { category, level, q } = query;
    const paging = pagingOf(query);
    const [rows, total] = await this.programs.pageOfPublished({ category, level, q }, paging);
    return {
      items: rows.map((row) => toProgramResponse(row)),
      total,
      ...paging,
      filters: { category, level, q },
    };
  }

  /**
   * A trainer's programmes, newest first: the published ones, or all of them, with `publish_requested`, for the
   * trainer and superusers. A blocked trainer is unknown to everyone else, as on the trainer's profile.
   */
  async listByTrainer(auth: AuthContext | null, trainerId: number): Promise<ProgramResponse[]> {
    const trainer = await this.trainers.findWithAccount(trainerId);
    const mayReadAll = trainer !== null && isSelfOrSuperuser(auth, trainer.userId);
    if (!trainer || (trainer.user?.blocked !== false && !mayReadAll)) {
      throw new NotFoundException(PROGRAM_MESSAGES.trainerNotFound);
    }
    const programs = await this.programs.listOfTrainer(trainerId, !mayReadAll);
    const loaded = programs.map((program) => Object.assign(program, { trainer }));
    return mayReadAll ? this.withReview(loaded) : loaded.map((program) => toProgramResponse(program));
  }

  /**
   * The owner asks a superuser to publish (docs/product.md §4); it never publishes by itself. One request row per
   * programme: created the first time, re-opened when a programme a superuser decided on (blocked, say) is
   * submitted again.
   */
  async requestPublication(auth: AuthContext, id: number): Promise<MessageResponse> {
    const program = await this.findOwned(auth, id);
    if (program.isPublished) return { message: PROGRAM_MESSAGES.alreadyPublished };
    const request = await this.programs.findRequest(id);
    if (request?.status === 'pending') return { message: PROGRAM_MESSAGES.requestPending };
    if (request) {
      // Nothing changed: a concurrent call re-opened it first.
      if (!(await this.programs.reopenDecidedRequest(request.id))) {
        return { message: PROGRAM_MESSAGES.requestPending };
      }
    } else {
      try {
        await this.programs.insertPendingRequest(id);
      } catch (error) {
        if (isUniqueViolation(error)) return { message: PROGRAM_MESSAGES.requestPending };
        throw error;
      }
    }
    this.logger.log(`Programme ${id} submitted for publication by user ${auth.user.id}`);
    return { message: PROGRAM_MESSAGES.requestSent };
  }

  /**
   * The owner's and superusers' view of programmes loaded with their trainer: `publish_requested`, `status` and
   * `rejection_reason` from their requests, read in one query for the whole list, none when every programme is published already
   * (its request does not change its status); and each one's count of active `subscribers` (the dashboard's Users).
   */
  async withReview(programs: ProgramEntity[]): Promise<ProgramResponse[]> {
    const unpublished = programs.filter((program) => !program.isPublished).map((program) => program.id);
    const requests = await this.programs.requestsOf(unpublished);
    const subscribers = await this.subscriptions.countActiveByProgram(programs.map((program) => program.id));
    return programs.map((program) => {
      const review: ProgramReview = requests.get(program.id) ?? null;
      return { ...toProgramResponse(program, review), subscribers: subscribers.get(program.id) ?? 0 };
    });
  }
}
