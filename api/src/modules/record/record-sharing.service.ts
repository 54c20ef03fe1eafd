import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  fullName,
  RECORD_MESSAGES,
  RECORD_SHARE_DEFAULTS,
  type RecordSharing,
  type RecordSharingDto,
  type RecordSharingResponse,
  type SubscriberRecordQueryDto,
  type SubscriberRecordResponse,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { AccessService } from '../access/access.service.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { MeasurementsService } from './measurements.service.js';
import { ProgressPhotosService } from './progress-photos.service.js';
import { RecordShareEntity } from './record-share.entity.js';
import { toMeasurementResponse, toProgressPhotoResponse } from './record.mapper.js';
import { WorkoutLogsService } from './workout-logs.service.js';

/** The page size of the logs in a trainer's view of a record. */
const RECORD_LOGS_PAGE_SIZE = 20;

/**
 * What a member shares with each trainer they follow, and the trainers' view of it (ADR 061): only the parts
 * shared, only while the member actively subscribes to one of the trainer's programmes.
 */
@Injectable()
export class RecordSharingService {
  constructor(
    @InjectRepository(RecordShareEntity) private readonly shares: Repository<RecordShareEntity>,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
    @InjectRepository(TrainerEntity) private readonly trainers: Repository<TrainerEntity>,
    @InjectRepository(ProgramEntity) private readonly programs: Repository<ProgramEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly access: AccessService,
    private readonly logs: WorkoutLogsService,
    private readonly measurements: MeasurementsService,
    private readonly photos: ProgressPhotosService,
  ) {}

  /** One entry per trainer the caller follows, with what the caller shares with them. */
  async list(auth: AuthContext): Promise<RecordSharingResponse[]> {
    const trainers = await this.followedTrainers(auth.user.id);
    const shares = await this.shares.findBy({ userId: auth.user.id });
    const byTrainer = new Map(shares.map((share) => [share.trainerId, share]));
    return trainers.map((trainer) => this.entry(trainer, byTrainer.get(trainer.id)));
  }

  /** Changes what the caller shares with a trainer they follow; another trainer is unknown (404). */
  async update(auth: AuthContext, trainerId: number, dto: RecordSharingDto): Promise<RecordSharingResponse> {
    const trainer = (await this.followedTrainers(auth.user.id)).find((followed) => followed.id === trainerId);
    if (!trainer) throw new NotFoundException(RECORD_MESSAGES.trainerNotFollowed);
    const existing = await this.shares.findOneBy({ userId: auth.user.id, trainerId });
    const share =
      existing ?? this.shares.create({ userId: auth.user.id, trainerId, ...RECORD_SHARE_DEFAULTS });
    for (const part of ['logs', 'measurements', 'photos'] as const) {
      const value = dto[part];
      if (value !== undefined) share[part] = value;
    }
    return this.entry(trainer, await this.shares.save(share));
  }

  /** A subscriber's record as the calling trainer may see it. */
  async subscriberRecord(
    auth: AuthContext,
    userId: number,
    query: SubscriberRecordQueryDto,
  ): Promise<SubscriberRecordResponse> {
    const trainer = await this.trainers.findOneBy({ userId: auth.user.id });
    const member = trainer ? await this.subscriberOf(trainer.id, userId) : null;
    if (!trainer || !member) throw new NotFoundException(RECORD_MESSAGES.subscriberNotFound);
    if (!member.active) throw new ForbiddenException(RECORD_MESSAGES.notActive);
    const shared = await this.access.sharingWith(auth.user.id, userId);
    if (!shared.logs && !shared.measurements && !shared.photos) {
      throw new ForbiddenException(RECORD_MESSAGES.notShared);
    }
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? RECORD_LOGS_PAGE_SIZE;
    const programIds = shared.logs ? await this.programIdsOf(trainer.id) : [];
    const [logs, measurements, photos] = await Promise.all([
      shared.logs ? this.logs.page(userId, { page, page_size: pageSize }, programIds) : null,
      shared.measurements ? this.measurements.of(userId, { from: query.from, to: query.to }) : null,
      shared.photos ? this.photos.of(userId) : null,
    ]);
    return {
      user: { id: userId, name: fullName(member.user.firstName, member.user.lastName) },
      shared,
      logs: logs && { count: logs.total, page, page_size: pageSize, results: logs.items },
      measurements: measurements && measurements.map(toMeasurementResponse),
      photos: photos && photos.map(toProgressPhotoResponse),
    };
  }

  /** The member, if they ever subscribed to one of the trainer's programmes, and whether a subscription is active. */
  private async subscriberOf(
    trainerId: number,
    userId: number,
  ): Promise<{ user: UserEntity; active: boolean } | null> {
    const row = await this.subscriptions
      .createQueryBuilder('subscription')
      .innerJoin('subscription.program', 'program')
      .select('MAX(subscription.activeFlag)', 'active')
      .addSelect('COUNT(*)', 'count')
      .where('subscription.userId = :userId', { userId })
      .andWhere('program.trainerId = :trainerId', { trainerId })
      .getRawOne<{ active: number | null; count: number | string }>();
    if (!row || Number(row.count) === 0) return null;
    const user = await this.users.findOneBy({ id: userId });
    return user ? { user, active: Number(row.active) === 1 } : null;
  }

  private async programIdsOf(trainerId: number): Promise<number[]> {
    const programs = await this.programs.find({ where: { trainerId }, select: { id: true } });
    return programs.map((program) => program.id);
  }

  /** The trainers of the member's active subscriptions, with their accounts, by id. */
  private followedTrainers(userId: number): Promise<TrainerEntity[]> {
    return this.trainers
      .createQueryBuilder('trainer')
      .innerJoinAndSelect('trainer.user', 'account')
      .where((query) => {
        const followed = query
          .subQuery()
          .select('program.trainerId')
          .from(SubscriptionEntity, 'subscription')
          .innerJoin('subscription.program', 'program')
          .where('subscription.userId = :userId')
          .andWhere('subscription.activeFlag = 1')
          .getQuery();
        return `trainer.id IN ${followed}`;
      })
      .setParameter('userId', userId)
      .orderBy('trainer.id', 'ASC')
      .getMany();
  }

  private entry(trainer: TrainerEntity, share: RecordSharing | undefined): RecordSharingResponse {
    const account = trainer.user;
    return {
      trainer: {
        id: trainer.id,
        name: account ? fullName(account.firstName, account.lastName) : '',
        image: trainer.profilePicture ?? account?.profilePicture ?? null,
      },
      logs: share?.logs ?? RECORD_SHARE_DEFAULTS.logs,
      measurements: share?.measurements ?? RECORD_SHARE_DEFAULTS.measurements,
      photos: share?.photos ?? RECORD_SHARE_DEFAULTS.photos,
    };
  }
}
