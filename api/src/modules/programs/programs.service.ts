import { ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type EntityManager, In, type Repository, type SelectQueryBuilder } from 'typeorm';
import {
  type CreateProgramDto,
  DEFAULT_CURRENCY,
  type MessageResponse,
  PAGINATION,
  type PaginationQueryDto,
  type ProgramListQueryDto,
  type ProgramResponse,
  type ProgramUpdateResponse,
  type UpdateProgramDto,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { MediaService, type UploadedImage } from '../../common/media/media.service.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { TRAINER_ACCOUNT_COLUMNS, TrainersService } from '../trainers/trainers.service.js';
import { isUniqueViolation } from '../../common/database/errors.js';
import { ProgramEntity } from './program.entity.js';
import { MINOR_UNITS_PER_MAJOR, toProgramResponse } from './programs.mapper.js';
import { PublishRequestEntity } from './publish-request.entity.js';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DOMAIN_EVENTS, type ProgramPublicationChangedEvent } from '../../common/events/domain-events.js';

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
} as const;

/** `get_trainer_programme` is unpaginated for the spec's client; no trainer needs more on one page. */
export const TRAINER_PROGRAMMES_LIMIT = 200;

/** `!` escapes LIKE wildcards: unlike a backslash it means the same in SQLite and MySQL string literals. */
const LIKE_ESCAPE = '!';
const likeContains = (text: string) => `%${text.replace(/[!%_]/g, (c) => `${LIKE_ESCAPE}${c}`)}%`;

@Injectable()
export class ProgramsService {
  private readonly logger = new Logger(ProgramsService.name);

  constructor(
    @InjectRepository(ProgramEntity) private readonly programs: Repository<ProgramEntity>,
    @InjectRepository(PublishRequestEntity) private readonly requests: Repository<PublishRequestEntity>,
    private readonly trainers: TrainersService,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly media: MediaService,
    private readonly events: EventEmitter2,
  ) {}

  /**
   * A programme the caller may see, loaded with its trainer and the trainer's account: published by a trainer who
   * is not blocked, or any for its owner and superusers. 404 otherwise, so unpublished ones stay unknown.
   */
  async findVisible(auth: AuthContext | null, id: number): Promise<ProgramEntity> {
    const program = await this.withTrainer().where('program.id = :id', { id }).getOne();
    const isPublic = program?.isPublished === true && program.trainer?.user?.blocked === false;
    if (!program || !(isPublic || (await this.canSeeContent(auth, program)))) {
      throw new NotFoundException(PROGRAM_MESSAGES.notFound);
    }
    return program;
  }

  /** A programme the caller may change, loaded like `findVisible`: 404 when unknown, 403 when not theirs. */
  async findOwned(auth: AuthContext, id: number): Promise<ProgramEntity> {
    const program = await this.withTrainer().where('program.id = :id', { id }).getOne();
    if (!program) throw new NotFoundException(PROGRAM_MESSAGES.notFound);
    if (program.trainer?.userId !== auth.user.id) throw new ForbiddenException(PROGRAM_MESSAGES.notOwner);
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
    if (!auth) return false;
    if (auth.user.isSuperuser) return true;
    return (await this.ownerUserId(program)) === auth.user.id;
  }

  /** The account id of the programme's trainer, from the loaded trainer when there is one. */
  async ownerUserId(program: ProgramEntity): Promise<number | undefined> {
    return program.trainer?.userId ?? (await this.trainers.findWithAccount(program.trainerId))?.userId;
  }

  isTrainersProgram(id: number, trainerId: number): Promise<boolean> {
    return this.programs.existsBy({ id, trainerId });
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
      const program = await this.programs.save(
        this.programs.create({
          trainerId: trainer.id,
          name: dto.program_name,
          description: dto.description,
          durationDays: dto.duration,
          priceMinor: dto.price * MINOR_UNITS_PER_MAJOR,
          currency: DEFAULT_CURRENCY,
          category: dto.category,
          level: dto.level,
          coverImage,
          isPublished: false,
        }),
      );
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
    const newCover = cover ? await this.media.storeImage('program', cover, 'cover_image') : undefined;
    const priceMinor = dto.price === undefined ? undefined : dto.price * MINOR_UNITS_PER_MAJOR;
    const backToReview =
      program.isPublished &&
      ((dto.program_name !== undefined && dto.program_name !== program.name) ||
        (dto.description !== undefined && dto.description !== program.description) ||
        (priceMinor !== undefined && priceMinor !== program.priceMinor));
    const changes = {
      ...(dto.program_name !== undefined && { name: dto.program_name }),
      ...(dto.description !== undefined && { description: dto.description }),
      ...(dto.duration !== undefined && { durationDays: dto.duration }),
      ...(priceMinor !== undefined && { priceMinor }),
      ...(dto.category !== undefined && { category: dto.category }),
      ...(dto.level !== undefined && { level: dto.level }),
      ...(newCover !== undefined && { coverImage: newCover }),
      ...(backToReview && { isPublished: false }),
    };
    if (Object.keys(changes).length > 0) {
      try {
        await this.programs.manager.transaction(async (manager) => {
          // The programme's row first: concurrent edits of one programme then wait here, never both inserting
          // its request.
          await manager.update(ProgramEntity, { id }, changes);
          if (backToReview) await this.reopenRequest(manager, id);
        });
      } catch (error) {
        await this.media.remove(newCover);
        throw error;
      }
    }
    if (newCover !== undefined && program.coverImage) await this.media.remove(program.coverImage);
    if (backToReview) this.logger.log(`Programme ${id} edited by user ${auth.user.id}: back to review`);
    return { message: PROGRAM_MESSAGES.updated, back_to_review: backToReview };
  }

  /** With `publish_requested` for the owner and superusers. */
  async getVisible(auth: AuthContext | null, id: number): Promise<ProgramResponse> {
    const program = await this.findVisible(auth, id);
    if (!(await this.mayManage(auth, program))) return toProgramResponse(program);
    const requested = await this.awaitingPublication([program]);
    return toProgramResponse(program, requested.has(program.id));
  }

  /** The public catalogue: published programmes of trainers who are not blocked, newest first. */
  async listPublished(query: ProgramListQueryDto): Promise<Page<ProgramResponse>> {
    const search = this.withTrainer()
      .where('program.isPublished = :published', { published: true })
      .andWhere('user.blocked = :blocked', { blocked: false });
    if (query.category !== undefined)
      search.andWhere('program.category = :category', { category: query.category });
    if (query.level !== undefined) search.andWhere('program.level = :level', { level: query.level });
    if (query.q !== undefined) {
      // LOWER on both sides: MySQL's collation ignores case already, SQLite's LIKE only does so for ASCII.
      search
        .andWhere(
          new Brackets((text) =>
            text
              .where(`LOWER(program.name) LIKE :q ESCAPE '${LIKE_ESCAPE}'`)
              .orWhere(`LOWER(program.description) LIKE :q ESCAPE '${LIKE_ESCAPE}'`),
          ),
        )
        .setParameter('q', likeContains(query.q.toLowerCase()));
    }
    const { category, level, q } = query;
    return {
      ...(await this.page(search.orderBy('program.id', 'DESC'), query)),
      filters: { category, level, q },
    };
  }

  /** Every programme, for superusers (so with `publish_requested`), newest first. */
  listAll(query: PaginationQueryDto): Promise<Page<ProgramResponse>> {
    return this.page(this.withTrainer().orderBy('program.id', 'DESC'), query, (rows) =>
      this.withPublishRequested(rows),
    );
  }

  /**
   * A trainer's programmes, newest first: the published ones, or all of them, with `publish_requested`, for the
   * trainer and superusers. A blocked trainer is unknown to everyone else, as on the trainer's profile.
   */
  async listByTrainer(auth: AuthContext | null, trainerId: number): Promise<ProgramResponse[]> {
    const trainer = await this.trainers.findWithAccount(trainerId);
    const mayReadAll =
      auth !== null && trainer !== null && (auth.user.isSuperuser || auth.user.id === trainer.userId);
    if (!trainer || (trainer.user?.blocked !== false && !mayReadAll)) {
      throw new NotFoundException(PROGRAM_MESSAGES.trainerNotFound);
    }
    const programs = await this.programs.find({
      where: { trainerId, ...(!mayReadAll && { isPublished: true }) },
      order: { id: 'DESC' },
      take: TRAINER_PROGRAMMES_LIMIT,
    });
    const loaded = programs.map((program) => Object.assign(program, { trainer }));
    return mayReadAll
      ? this.withPublishRequested(loaded)
      : loaded.map((program) => toProgramResponse(program));
  }

  /**
   * The owner asks a superuser to publish (SPEC §4); it never publishes by itself. One request row per programme:
   * created the first time, re-opened when a programme that was published and then blocked is submitted again.
   */
  async requestPublication(auth: AuthContext, id: number): Promise<MessageResponse> {
    const program = await this.findOwned(auth, id);
    if (program.isPublished) return { message: PROGRAM_MESSAGES.alreadyPublished };
    const request = await this.requests.findOneBy({ programId: id });
    if (request?.status === 'pending') return { message: PROGRAM_MESSAGES.requestPending };
    if (request) {
      const reopened = await this.requests.update(
        { id: request.id, status: 'approved' },
        { status: 'pending', decidedAt: null },
      );
      // Nothing changed: a concurrent call re-opened it first.
      if (reopened.affected === 0) return { message: PROGRAM_MESSAGES.requestPending };
    } else {
      try {
        await this.requests.insert({ programId: id, status: 'pending', decidedAt: null });
      } catch (error) {
        if (isUniqueViolation(error)) return { message: PROGRAM_MESSAGES.requestPending };
        throw error;
      }
    }
    this.logger.log(`Programme ${id} submitted for publication by user ${auth.user.id}`);
    return { message: PROGRAM_MESSAGES.requestSent };
  }

  /** Unpublished programmes waiting for a superuser, oldest request first. */
  listPendingRequests(query: PaginationQueryDto): Promise<Page<ProgramResponse>> {
    const pending = this.withTrainer()
      .innerJoin(PublishRequestEntity, 'request', 'request.programId = program.id')
      .where('request.status = :status', { status: 'pending' })
      .andWhere('program.isPublished = :published', { published: false })
      .orderBy('request.updatedAt', 'ASC')
      .addOrderBy('request.id', 'ASC');
    return this.page(pending, query, (rows) => rows.map((row) => toProgramResponse(row, true)));
  }

  /**
   * A superuser publishes, approving the pending request. A programme nobody asked to publish may be published
   * too: superusers curate the catalogue, and `changePublishStatus` could do it anyway.
   */
  async publish(auth: AuthContext, id: number): Promise<MessageResponse> {
    if (!(await this.programs.existsBy({ id }))) throw new NotFoundException(PROGRAM_MESSAGES.notFound);
    await this.setPublished(id, true);
    this.logger.log(`Programme ${id} published by user ${auth.user.id}`);
    return { message: PROGRAM_MESSAGES.published };
  }

  /** Publishes or blocks (unpublishes); both keys for the spec's client, which reads `messsage`. */
  async togglePublished(auth: AuthContext, id: number): Promise<{ message: string; messsage: string }> {
    const program = await this.programs.findOneBy({ id });
    if (!program) throw new NotFoundException(PROGRAM_MESSAGES.notFound);
    const published = !program.isPublished;
    await this.setPublished(id, published);
    this.logger.log(`Programme ${id} ${published ? 'published' : 'blocked'} by user ${auth.user.id}`);
    const message = published ? PROGRAM_MESSAGES.published : PROGRAM_MESSAGES.blocked;
    return { message, messsage: message };
  }

  /** A one-element array, as the spec's client reads it (API.md). */
  async count(): Promise<[number]> {
    return [await this.programs.count()];
  }

  /**
   * Publishing settles the programme's pending request, so it leaves the superusers' queue. No transaction is
   * needed: should the second write fail, the leftover request is not listed (the queue shows unpublished
   * programmes only) and the next publication settles it.
   */
  private async setPublished(id: number, published: boolean): Promise<void> {
    await this.programs.update({ id }, { isPublished: published });
    await this.events.emitAsync(DOMAIN_EVENTS.programPublicationChanged, {
      programId: id,
      published,
    } satisfies ProgramPublicationChangedEvent);
    if (published) {
      await this.requests.update(
        { programId: id, status: 'pending' },
        { status: 'approved', decidedAt: new Date() },
      );
    }
  }

  /** The programme's publish request, pending again (or created pending), so it is in the superusers' queue. */
  private async reopenRequest(manager: EntityManager, programId: number): Promise<void> {
    const reopened = await manager.update(
      PublishRequestEntity,
      { programId },
      { status: 'pending', decidedAt: null },
    );
    if (!reopened.affected) {
      await manager.insert(PublishRequestEntity, { programId, status: 'pending', decidedAt: null });
    }
  }

  /**
   * The ids of those programmes that wait for a superuser, as `getPublishRequests` lists them (unpublished, with a
   * pending request): one query for the whole list, none when every programme is published already.
   */
  private async awaitingPublication(programs: ProgramEntity[]): Promise<Set<number>> {
    const unpublished = programs.filter((program) => !program.isPublished).map((program) => program.id);
    if (unpublished.length === 0) return new Set();
    const pending = await this.requests.find({
      select: { programId: true },
      where: { programId: In(unpublished), status: 'pending' },
    });
    return new Set(pending.map((request) => request.programId));
  }

  /** The owner's and superusers' view of programmes loaded with their trainer, `publish_requested` included. */
  private async withPublishRequested(programs: ProgramEntity[]): Promise<ProgramResponse[]> {
    const requested = await this.awaitingPublication(programs);
    return programs.map((program) => toProgramResponse(program, requested.has(program.id)));
  }

  /**
   * One query for the rows (trainer and account joined: no query per programme) and one for the total, plus what
   * `toResponses` needs for the whole page.
   */
  private async page(
    query: SelectQueryBuilder<ProgramEntity>,
    paging: PaginationQueryDto,
    toResponses: (rows: ProgramEntity[]) => ProgramResponse[] | Promise<ProgramResponse[]> = (rows) =>
      rows.map((row) => toProgramResponse(row)),
  ): Promise<Page<ProgramResponse>> {
    const page = paging.page ?? 1;
    const pageSize = paging.page_size ?? PAGINATION.defaultPageSize;
    // limit/offset rather than take/skip: the joins are many-to-one, so TypeORM's extra id query is not needed.
    const [rows, total] = await query
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .getManyAndCount();
    return { items: await toResponses(rows), total, page, pageSize };
  }

  /** Programmes with their trainer and the few account columns `trainer_name` and visibility need. */
  private withTrainer(): SelectQueryBuilder<ProgramEntity> {
    return this.programs
      .createQueryBuilder('program')
      .innerJoin('program.trainer', 'trainer')
      .innerJoin('trainer.user', 'user')
      .addSelect(['trainer.id', 'trainer.userId', ...TRAINER_ACCOUNT_COLUMNS]);
  }
}
