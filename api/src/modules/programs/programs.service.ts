import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  type CreateProgramDto,
  fitsMinorUnits,
  type MessageResponse,
  priceDecimalsMessage,
  type ProgramDetailResponse,
  type ProgramListQueryDto,
  type ProgramResponse,
  type ProgramUpdateResponse,
  toMinorUnits,
  type UpdateProgramDto,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { definedOnly } from '../../common/database/changes.js';
import { pagingOf } from '../../common/database/paging.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { MediaService, type UploadedImage } from '../../common/media/media.service.js';
import { AccessService } from '../access/access.service.js';
import { isPublic, Permission } from '../access/access.rules.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { TrainersService } from '../trainers/trainers.service.js';
import { isUniqueViolation } from '../../common/database/errors.js';
import { fieldError } from '../../common/errors/validation.js';
import type { ProgramEntity } from './program.entity.js';
import { type ProgramReview, toProgramResponse } from './programs.mapper.js';
import { PROGRAM_MESSAGES } from './programs.messages.js';
import { ProgramsRepository } from './programs.repository.js';

/** A programme's life on its trainer's side (docs/product.md §4): seen, created, edited, submitted, listed. */
@Injectable()
export class ProgramsService {
  private readonly logger = new Logger(ProgramsService.name);

  constructor(
    private readonly programs: ProgramsRepository,
    private readonly trainers: TrainersService,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly media: MediaService,
    private readonly access: AccessService,
  ) {}

  /**
   * A programme the caller may see, loaded with its trainer and the trainer's account: published by a trainer who
   * is not blocked, or any for its owner and superusers. 404 otherwise, so unpublished ones stay unknown.
   */
  async findVisible(auth: AuthContext | null, id: number): Promise<ProgramEntity> {
    const program = await this.programs.findWithTrainer(id);
    if (!program) throw new NotFoundException(PROGRAM_MESSAGES.notFound);
    await this.access.requireAccess(auth, Permission.ProgramRead, program);
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
    await this.access.requireAccess(auth, Permission.ProgramUpdate, program);
    return program;
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
        unlock: dto.unlock,
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
      unlock: dto.unlock,
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

  /**
   * With `publish_requested` and `status` for the owner and superusers, and what the caller may do with it:
   * `can_watch` its lessons' videos, `can_edit` it. The answer depends on the caller; only the anonymous one is
   * shared (CacheForAnonymous), and it is the same for every anonymous visitor.
   */
  async getVisible(auth: AuthContext | null, id: number): Promise<ProgramDetailResponse> {
    const program = await this.findVisible(auth, id);
    const [manages, canWatch, canEdit] = await Promise.all([
      this.access.checkAccess(auth, Permission.ProgramManage, program),
      this.access.checkAccess(auth, Permission.LessonVideoRead, program),
      this.access.checkAccess(auth, Permission.ProgramUpdate, program),
    ]);
    const response = manages ? (await this.withReview([program]))[0] : toProgramResponse(program);
    return { ...response, can_watch: canWatch, can_edit: canEdit };
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
    const mayReadAll =
      trainer !== null && (await this.access.checkAccess(auth, Permission.TrainerManage, trainer));
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
