import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { pageAndTotal, type Paging } from '../../common/database/paging.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { type AccountsFilter, pageOfAccounts } from '../users/users.repository.js';
import { UserEntity } from '../users/user.entity.js';
import { TrainerEntity } from './trainer.entity.js';
import { builtOnce } from '../../common/database/built-once.js';

/** What a Trainer or a Program shows of the trainer's account (the password hash and e-mail never leave it). */
export const TRAINER_ACCOUNT_COLUMNS = [
  'user.id',
  'user.firstName',
  'user.lastName',
  'user.profilePicture',
  'user.blocked',
];

/**
 * The trainer (aliased `trainer` in `query`) has at least one published programme: only those are listed and have
 * a public page (docs/product.md §2.4). One lookup of the programme index by trainer per trainer row.
 */
export function withPublishedProgram(query: SelectQueryBuilder<TrainerEntity>): string {
  const published = query
    .subQuery()
    .select('1')
    .from(ProgramEntity, 'listed')
    .where('listed.trainerId = trainer.id')
    .andWhere('listed.isPublished = :listedPublished')
    .getQuery();
  query.setParameter('listedPublished', true);
  return `EXISTS ${published}`;
}

/** A trainer profile as registration stores it. */
export type NewTrainer = Pick<
  TrainerEntity,
  | 'userId'
  | 'specialisation'
  | 'about'
  | 'certifications'
  | 'experienceYears'
  | 'rating'
  | 'country'
  | 'phone'
  | 'profilePicture'
>;

/** The narrow queries on trainer profiles; which of them a caller may see is the service's business. */
@Injectable()
export class TrainersRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(TrainerEntity) private readonly trainers: Repository<TrainerEntity>,
  ) {}

  findByUserId(userId: number): Promise<TrainerEntity | null> {
    return this.trainers.findOneBy({ userId });
  }

  /**
   * The trainer row and the account's trainer flag in one transaction. The account row first: a second
   * registration then waits for this one and meets its trainer row (a unique violation). Inserted first, both
   * would share the account row's foreign-key lock, and InnoDB would end one in a deadlock.
   */
  async register(trainer: NewTrainer): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.update(UserEntity, { id: trainer.userId }, { isTrainer: true });
      await manager.insert(TrainerEntity, trainer);
    });
  }

  /** A trainer with its account's public columns, whether or not the account is blocked. */
  findWithAccount(id: number): Promise<TrainerEntity | null> {
    return builtOnce('trainer with account', this.withAccount().where('trainer.id = :id', { id })).getOne();
  }

  /** The account's own trainer profile with its account's public columns. */
  findWithAccountByUserId(userId: number): Promise<TrainerEntity | null> {
    return builtOnce(
      'trainer with account by user',
      this.withAccount().where('trainer.userId = :userId', { userId }),
    ).getOne();
  }

  /** A trainer whose account is not blocked. */
  findUnblocked(id: number): Promise<TrainerEntity | null> {
    return builtOnce(
      'unblocked trainer',
      this.withAccount()
        .where('trainer.id = :id', { id })
        .andWhere('user.blocked = :blocked', { blocked: false }),
    ).getOne();
  }

  /** Whether the trainer has a published programme (see withPublishedProgram). */
  async hasPublishedProgram(id: number): Promise<boolean> {
    const query = this.trainers.createQueryBuilder('trainer').where('trainer.id = :id', { id });
    return (await query.andWhere(withPublishedProgram(query)).getCount()) > 0;
  }

  /**
   * Listed trainers: not blocked, with a published programme; verified ones first, then the newest, along
   * idx_trainer_verified_id.
   */
  pageOfListed(paging: Paging): Promise<[TrainerEntity[], number]> {
    const listed = this.withAccount().where('user.blocked = :blocked', { blocked: false });
    listed
      .andWhere(withPublishedProgram(listed))
      .orderBy('trainer.verified', 'DESC')
      .addOrderBy('trainer.id', 'DESC');
    return pageAndTotal(listed, paging);
  }

  /**
   * Sets the trainer's verification if it differs, within `manager`'s transaction; whether it did. Verifying again
   * keeps the first time, so `verified_at` says since when.
   */
  async setVerified(manager: EntityManager, id: number, verified: boolean): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(TrainerEntity)
      .set({ verified, verifiedAt: verified ? new Date() : null })
      .where('id = :id AND verified = :was', { id, was: !verified })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Every trainer with the whole account (blocked ones too), newest account first. The trainer flag, set with the
   * trainer row and never taken back, lets the accounts' index (superuser, trainer, joined) give them in order.
   */
  pageOfAccounts(paging: Paging, filter: AccountsFilter): Promise<[TrainerEntity[], number]> {
    const trainers = this.trainers
      .createQueryBuilder('trainer')
      .innerJoinAndSelect('trainer.user', 'user')
      .where('user.isSuperuser = :superuser AND user.isTrainer = :trainer', {
        superuser: false,
        trainer: true,
      });
    return pageOfAccounts(trainers, filter, paging);
  }

  count(): Promise<number> {
    return this.trainers.count();
  }

  /** Trainers with the few account columns a Trainer shows (never the password hash). */
  private withAccount(): SelectQueryBuilder<TrainerEntity> {
    return this.trainers
      .createQueryBuilder('trainer')
      .innerJoin('trainer.user', 'user')
      .addSelect(TRAINER_ACCOUNT_COLUMNS);
  }
}
