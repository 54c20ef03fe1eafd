import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type EntityManager, In, Not, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { ProgramStatus } from '@fitcoach/contracts';
import { pageAndTotal, type Paging } from '../../common/database/paging.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';
import { TRAINER_ACCOUNT_COLUMNS } from '../trainers/trainers.repository.js';
import { ProgramEntity } from './program.entity.js';
import { PublishRequestEntity, type PublishRequestStatus } from './publish-request.entity.js';
import { builtOnce, findBuiltOnce } from '../../common/database/built-once.js';

/** `get_trainer_programme` is unpaginated for the spec's client; no trainer needs more on one page. */
export const TRAINER_PROGRAMS_LIMIT = 200;

/** `!` escapes LIKE wildcards: unlike a backslash it means the same in SQLite and MySQL string literals. */
const LIKE_ESCAPE = '!';
const likeContains = (text: string) => `%${text.replace(/[!%_]/g, (c) => `${LIKE_ESCAPE}${c}`)}%`;

/** The public catalogue's filters; `q` is searched in the name and the description. */
export interface CatalogueFilter {
  category?: string;
  level?: string;
  q?: string;
}

/** A programme as its trainer creates it. */
export type NewProgram = Pick<
  ProgramEntity,
  | 'trainerId'
  | 'name'
  | 'description'
  | 'durationDays'
  | 'priceMinor'
  | 'currency'
  | 'category'
  | 'level'
  | 'unlock'
  | 'coverImage'
  | 'isPublished'
>;

export type ProgramChanges = Partial<Omit<NewProgram, 'trainerId'>>;

/** The superusers' Programs list filters. */
export interface ProgramsFilter {
  status?: ProgramStatus;
  trainer?: number;
}

/**
 * Each status of docs/product.md §4 as a condition on a programme and its (left-joined) request, the same rule as
 * `programStatus` in programs.mapper.ts.
 */
const STATUS_CONDITIONS: Record<ProgramStatus, string> = {
  published: 'program.isPublished = :published',
  pending: 'program.isPublished = :unpublished AND request.status = :pending',
  blocked: 'program.isPublished = :unpublished AND request.status IN (:...blocked)',
  draft: 'program.isPublished = :unpublished AND (request.id IS NULL OR request.status = :rejected)',
};

const STATUS_PARAMETERS = {
  published: true,
  unpublished: false,
  pending: 'pending',
  blocked: ['approved', 'blocked'] satisfies PublishRequestStatus[],
  rejected: 'rejected',
};

/**
 * The programme's trainer is not blocked: a lookup of the trainer and its account for each programme, which keeps
 * the programme table the one the query walks.
 */
export function ofUnblockedTrainer(query: SelectQueryBuilder<ProgramEntity>): string {
  const blocked = query
    .subQuery()
    .select('1')
    .from(TrainerEntity, 'owner')
    .innerJoin('owner.user', 'ownerAccount')
    .where('owner.id = program.trainerId')
    .andWhere('ownerAccount.blocked = :ownerBlocked')
    .getQuery();
  query.setParameter('ownerBlocked', true);
  return `NOT EXISTS ${blocked}`;
}

/**
 * The narrow queries on programmes and their publish requests. Lists choose a page of programmes, then load them with
 * their trainer and the few account columns `trainer_name` and visibility need in one more query; who may see which
 * is the service's business.
 */
@Injectable()
export class ProgramsRepository {
  constructor(
    @InjectRepository(ProgramEntity) private readonly programs: Repository<ProgramEntity>,
    @InjectRepository(PublishRequestEntity) private readonly requests: Repository<PublishRequestEntity>,
  ) {}

  /** A programme with its trainer and the trainer's account, published or not. */
  findWithTrainer(id: number): Promise<ProgramEntity | null> {
    return builtOnce('program with trainer', this.withTrainer().where('program.id = :id', { id })).getOne();
  }

  findById(id: number): Promise<ProgramEntity | null> {
    return this.programs.findOneBy({ id });
  }

  isOfTrainer(id: number, trainerId: number): Promise<boolean> {
    return this.programs.existsBy({ id, trainerId });
  }

  create(program: NewProgram): Promise<ProgramEntity> {
    return this.programs.save(this.programs.create(program));
  }

  /**
   * Applies an edit; with `backToReview` the programme's publish request is pending again (or created pending) in
   * the same transaction, so it is back in the superusers' queue. The programme's row first: concurrent edits of
   * one programme then wait here, never both inserting its request.
   */
  async update(id: number, changes: ProgramChanges, backToReview: boolean): Promise<void> {
    await this.programs.manager.transaction(async (manager) => {
      await manager.update(ProgramEntity, { id }, changes);
      if (backToReview) await this.reopenRequest(manager, id);
    });
  }

  /** Published programmes of trainers who are not blocked, newest first. */
  pageOfPublished(filter: CatalogueFilter, paging: Paging): Promise<[ProgramEntity[], number]> {
    const search = this.programs
      .createQueryBuilder('program')
      .where('program.isPublished = :published', { published: true })
      .andWhere(ofUnblockedTrainer);
    if (filter.category !== undefined)
      search.andWhere('program.category = :category', { category: filter.category });
    if (filter.level !== undefined) search.andWhere('program.level = :level', { level: filter.level });
    if (filter.q !== undefined) {
      // LOWER on both sides: MySQL's collation ignores case already, SQLite's LIKE only does so for ASCII.
      search
        .andWhere(
          new Brackets((text) =>
            text
              .where(`LOWER(program.name) LIKE :q ESCAPE '${LIKE_ESCAPE}'`)
              .orWhere(`LOWER(program.description) LIKE :q ESCAPE '${LIKE_ESCAPE}'`),
          ),
        )
        .setParameter('q', likeContains(filter.q.toLowerCase()));
    }
    return this.pageOfNewest(search, paging);
  }

  /** Every programme, or those of one status or trainer, newest first. */
  pageOfAll({ status, trainer }: ProgramsFilter, paging: Paging): Promise<[ProgramEntity[], number]> {
    const query = this.programs.createQueryBuilder('program');
    if (status !== undefined) {
      query
        .leftJoin(PublishRequestEntity, 'request', 'request.programId = program.id')
        .andWhere(STATUS_CONDITIONS[status], STATUS_PARAMETERS);
    }
    if (trainer !== undefined) query.andWhere('program.trainerId = :trainer', { trainer });
    return this.pageOfNewest(query, paging);
  }

  /** Unpublished programmes whose publish request is pending, oldest request first. */
  pageOfPendingRequests(paging: Paging): Promise<[ProgramEntity[], number]> {
    const pending = this.withTrainer()
      .innerJoin(PublishRequestEntity, 'request', 'request.programId = program.id')
      .where('request.status = :status', { status: 'pending' })
      .andWhere('program.isPublished = :published', { published: false })
      .orderBy('request.updatedAt', 'ASC')
      .addOrderBy('request.id', 'ASC');
    return pageAndTotal(pending, paging);
  }

  /** A trainer's programmes (the published ones only, or all), newest first, at most `TRAINER_PROGRAMS_LIMIT`. */
  listOfTrainer(trainerId: number, publishedOnly: boolean): Promise<ProgramEntity[]> {
    return findBuiltOnce(
      publishedOnly ? "a trainer's published programmes" : "a trainer's programmes",
      this.programs,
      {
        where: { trainerId, ...(publishedOnly && { isPublished: true }) },
        order: { id: 'DESC' },
        take: TRAINER_PROGRAMS_LIMIT,
      },
    );
  }

  count(): Promise<number> {
    return this.programs.count();
  }

  findRequest(programId: number): Promise<PublishRequestEntity | null> {
    return this.requests.findOneBy({ programId });
  }

  /** Pending again, if a superuser had decided on it; false when a concurrent call re-opened it first. */
  async reopenDecidedRequest(requestId: number): Promise<boolean> {
    const reopened = await this.requests.update(
      { id: requestId, status: Not('pending') },
      { status: 'pending', decidedAt: null, reason: null },
    );
    return reopened.affected !== 0;
  }

  /** The programme's first request; a unique violation when a concurrent call inserted it first. */
  async insertPendingRequest(programId: number): Promise<void> {
    await this.requests.insert({ programId, status: 'pending', decidedAt: null });
  }

  /** Runs `work` in one transaction; the repository's manager-taking methods join it. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.programs.manager.transaction(work);
  }

  /**
   * Publishes or blocks inside the caller's transaction, recording the superuser's decision on the programme's
   * request (created when nobody had asked): publishing settles a pending request, so it leaves the superusers'
   * queue, and a blocked programme is told apart from a draft. The programme's row first, as `update` does.
   */
  async setPublished(manager: EntityManager, id: number, published: boolean): Promise<void> {
    await manager.update(ProgramEntity, { id }, { isPublished: published });
    await this.decide(manager, id, published ? 'approved' : 'blocked');
  }

  /**
   * Sends a programme waiting for approval back to its trainer with the reason, inside the caller's transaction.
   * False when its request was not pending (any more): a concurrent decision came first.
   */
  async reject(manager: EntityManager, programId: number, reason: string, decidedAt: Date): Promise<boolean> {
    const rejected = await manager.update(
      PublishRequestEntity,
      { programId, status: 'pending' },
      { status: 'rejected', decidedAt, reason },
    );
    return rejected.affected === 1;
  }

  /** Where the news of a programme goes: its trainer's address and first name, with the programme's name. */
  async findTrainerAddress(
    programId: number,
  ): Promise<{ email: string; firstName: string; programName: string } | null> {
    const row = await this.programs
      .createQueryBuilder('program')
      .innerJoin('program.trainer', 'trainer')
      .innerJoin('trainer.user', 'user')
      .select('user.email', 'email')
      .addSelect('user.firstName', 'firstName')
      .addSelect('program.name', 'programName')
      .where('program.id = :programId', { programId })
      .getRawOne<{ email: string; firstName: string; programName: string }>();
    return row ?? null;
  }

  /** The requests of these programmes, by programme id: one query, none for an empty list. */
  async requestsOf(programIds: number[]): Promise<Map<number, PublishRequestEntity>> {
    if (programIds.length === 0) return new Map();
    const requests = await this.requests.findBy({ programId: In(programIds) });
    return new Map(requests.map((request) => [request.programId, request]));
  }

  private async decide(
    manager: EntityManager,
    programId: number,
    status: PublishRequestStatus,
  ): Promise<void> {
    await this.writeRequest(manager, programId, { status, decidedAt: new Date(), reason: null });
  }

  private async reopenRequest(manager: EntityManager, programId: number): Promise<void> {
    await this.writeRequest(manager, programId, { status: 'pending', decidedAt: null, reason: null });
  }

  /**
   * Updates the programme's request by its primary key, or inserts it. Callers hold the programme's row, so two
   * writes for one programme wait for each other. Updating by `program_id` a row that is not there yet took a gap
   * lock on InnoDB: two programmes without a request decided at once each waited for the other's insert (a deadlock,
   * answered 500). The plain read takes no lock, and inserts of different programmes do not block each other.
   */
  private async writeRequest(
    manager: EntityManager,
    programId: number,
    request: Pick<PublishRequestEntity, 'status' | 'decidedAt' | 'reason'>,
  ): Promise<void> {
    const existing = await manager.findOne(PublishRequestEntity, {
      select: { id: true },
      where: { programId },
    });
    if (existing) await manager.update(PublishRequestEntity, { id: existing.id }, request);
    else await manager.insert(PublishRequestEntity, { programId, ...request });
  }

  /**
   * A page of the programmes `matching` chooses (it names the programme `program`), newest first, with its total;
   * then those programmes with their trainers. The page is chosen from the programme table alone, so both databases
   * read it in id order and stop at the page's end: with the trainers joined in, MySQL may start from the smaller
   * trainer index and sort every programme.
   */
  private async pageOfNewest(
    matching: SelectQueryBuilder<ProgramEntity>,
    paging: Paging,
  ): Promise<[ProgramEntity[], number]> {
    const [page, total] = await pageAndTotal(
      matching.select('program.id').orderBy('program.id', 'DESC'),
      paging,
    );
    if (page.length === 0) return [[], total];
    const programs = await this.withTrainer()
      .where('program.id IN (:...ids)', { ids: page.map((program) => program.id) })
      .orderBy('program.id', 'DESC')
      .getMany();
    return [programs, total];
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
