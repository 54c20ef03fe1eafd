import {
  ConflictException,
  ForbiddenException,
  type HttpException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  CHAT_MESSAGES,
  PAYMENT_MESSAGES,
  PUSH_MESSAGES,
  RECEIPT_MESSAGES,
  RECORD_SHARE_DEFAULTS,
  type RecordSharing,
  SCHEDULE_MESSAGES,
  SUBSCRIPTION_MESSAGES,
} from '@fitcoach/contracts';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/time/clock.js';
import { localDate } from '../../common/time/local-time.js';
import type { ProgramEntity } from '../programs/program.entity.js';
import { RecordShareEntity } from '../record/record-share.entity.js';
import { PROGRAM_MESSAGES } from '../programs/programs.messages.js';
import { PROGRESS_MESSAGES } from '../subscriptions/progress.messages.js';
import { lockedUntil, scheduleOf } from '../subscriptions/schedule.js';
import type { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';
import { ACCESS_MESSAGES, USER_MESSAGES } from '../users/users.messages.js';
import { type Caller, isPublic, isSelf, isSelfOrSuperuser, moderates, Permission } from './access.rules.js';

/** What each permission is about: a loaded row, or the id the request names. */
export interface AccessTargets {
  /** Loaded with its trainer and the trainer's account. */
  [Permission.ProgramRead]: ProgramEntity;
  [Permission.ProgramUpdate]: ProgramEntity;
  [Permission.ProgramManage]: ProgramEntity;
  [Permission.LessonVideoRead]: ProgramEntity;
  /** The programme's id. */
  [Permission.LessonComplete]: number;
  [Permission.ProgramSubscribe]: ProgramEntity;
  [Permission.ProgressRead]: { userId: number; program: ProgramEntity };
  [Permission.TrainerManage]: { userId: number };
  /** The subscription's member. */
  [Permission.SubscriptionSchedule]: { userId: number };
  /** The account's id. */
  [Permission.UserRead]: number;
  [Permission.UserReadAsCoach]: number;
  [Permission.UserReadAsMember]: Pick<AuthUser, 'id' | 'isTrainer'>;
  [Permission.UserUpdate]: number;
  [Permission.AccountAccessChange]: number;
  [Permission.AccountBlock]: Pick<AuthUser, 'id' | 'isSuperuser'>;
  [Permission.PaymentRead]: { userId: number };
  [Permission.ReceiptRead]: { userId: number };
  /** The other account's id. */
  [Permission.ChatWith]: number;
  [Permission.MessageRead]: { senderId: number; recipientId: number };
  [Permission.MessageDelete]: { senderId: number };
  [Permission.PushSubscriptionDelete]: { userId: number };
  /** The record's member and the part asked for. */
  [Permission.RecordRead]: { userId: number; part: keyof RecordSharing };
}

/**
 * How `requireAccess` refuses: 404 where the thing must stay unknown to who may not see it, the status and text
 * each endpoint has always answered otherwise. Permissions without one are only ever checked.
 */
const REFUSALS = {
  [Permission.ProgramRead]: () => new NotFoundException(PROGRAM_MESSAGES.notFound),
  [Permission.ProgramUpdate]: () => new ForbiddenException(PROGRAM_MESSAGES.notOwner),
  [Permission.LessonComplete]: () => new ForbiddenException(SUBSCRIPTION_MESSAGES.notSubscribed),
  [Permission.ProgramSubscribe]: () => new ForbiddenException(PAYMENT_MESSAGES.ownProgram),
  [Permission.ProgressRead]: () => new ForbiddenException(PROGRESS_MESSAGES.notAllowed),
  [Permission.SubscriptionSchedule]: () => new NotFoundException(SCHEDULE_MESSAGES.notFound),
  [Permission.UserUpdate]: () => new ForbiddenException(USER_MESSAGES.notOwnProfile),
  [Permission.AccountAccessChange]: () => new ConflictException(ACCESS_MESSAGES.blockSelf),
  [Permission.AccountBlock]: () => new ConflictException(ACCESS_MESSAGES.blockSuperuser),
  [Permission.PaymentRead]: () => new NotFoundException(PAYMENT_MESSAGES.orderNotFound),
  [Permission.ReceiptRead]: () => new NotFoundException(RECEIPT_MESSAGES.notFound),
  [Permission.ChatWith]: () => new ForbiddenException(CHAT_MESSAGES.notContact),
  [Permission.MessageRead]: () => new NotFoundException(CHAT_MESSAGES.messageNotFound),
  [Permission.MessageDelete]: () => new ForbiddenException(CHAT_MESSAGES.notYourMessage),
  [Permission.PushSubscriptionDelete]: () => new NotFoundException(PUSH_MESSAGES.notFound),
} satisfies Partial<Record<Permission, () => HttpException>>;

type RequiredPermission = keyof typeof REFUSALS;

/** When each lesson of a programme opens to a caller: null when it is open now, else the instant it opens. */
export type LessonLocks = (lessonNumber: number) => Date | null;

const NONE_LOCKED: LessonLocks = () => null;

/**
 * The API's access rules in one place (docs/architecture.md, Access rules): services ask `checkAccess` whether
 * the caller may, or `requireAccess` to refuse as the endpoint does. Rules that read the database read it here.
 */
@Injectable()
export class AccessService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    @InjectRepository(TrainerEntity) private readonly trainers: Repository<TrainerEntity>,
    @InjectRepository(RecordShareEntity) private readonly shares: Repository<RecordShareEntity>,
    private readonly clock: Clock,
  ) {}

  async requireAccess<P extends RequiredPermission>(
    auth: Caller,
    permission: P,
    target: AccessTargets[P],
  ): Promise<void> {
    if (!(await this.checkAccess(auth, permission, target))) throw REFUSALS[permission]();
  }

  checkAccess<P extends Permission>(auth: Caller, permission: P, target: AccessTargets[P]): Promise<boolean>;
  async checkAccess(auth: Caller, permission: Permission, target: unknown): Promise<boolean> {
    const of = <P extends Permission>(_permission: P) => target as AccessTargets[P];
    switch (permission) {
      case Permission.ProgramRead: {
        const program = of(permission);
        return isPublic(program) || this.mayWatch(auth, program);
      }
      case Permission.ProgramUpdate:
        return isSelf(auth, of(permission).trainer?.userId);
      case Permission.ProgramManage:
        return this.mayManage(auth, of(permission));
      case Permission.LessonVideoRead:
        return this.mayWatch(auth, of(permission));
      case Permission.LessonComplete:
        return auth !== null && this.subscriptions.isActiveSubscriber(auth.user.id, of(permission));
      case Permission.ProgramSubscribe:
        return !isSelf(auth, await this.ownerUserId(of(permission)));
      case Permission.ProgressRead: {
        const { userId, program } = of(permission);
        return isSelf(auth, userId) || this.mayManage(auth, program);
      }
      case Permission.TrainerManage:
        return isSelfOrSuperuser(auth, of(permission).userId);
      case Permission.SubscriptionSchedule:
        return isSelf(auth, of(permission).userId);
      case Permission.UserRead:
        return isSelfOrSuperuser(auth, of(permission));
      case Permission.UserReadAsCoach:
        return (
          auth !== null &&
          auth.user.isTrainer &&
          this.subscriptions.isTrainerOfMember(auth.user.id, of(permission))
        );
      case Permission.UserReadAsMember: {
        const account = of(permission);
        return (
          auth !== null && account.isTrainer && this.subscriptions.isTrainerOfMember(account.id, auth.user.id)
        );
      }
      case Permission.UserUpdate:
        return isSelf(auth, of(permission));
      case Permission.AccountAccessChange:
        return auth !== null && !isSelf(auth, of(permission));
      case Permission.AccountBlock:
        return moderates(auth, of(permission));
      case Permission.PaymentRead:
      case Permission.ReceiptRead:
        return isSelf(auth, of(permission).userId);
      case Permission.ChatWith:
        return auth !== null && this.subscriptions.areContacts(auth.user.id, of(permission));
      case Permission.MessageRead: {
        const message = of(permission);
        return isSelf(auth, message.senderId) || isSelf(auth, message.recipientId);
      }
      case Permission.MessageDelete:
        return isSelf(auth, of(permission).senderId);
      case Permission.PushSubscriptionDelete:
        return isSelf(auth, of(permission).userId);
      case Permission.RecordRead: {
        const { userId, part } = of(permission);
        if (isSelf(auth, userId)) return true;
        if (!auth?.user.isTrainer || !(await this.subscriptions.isTrainerOfMember(auth.user.id, userId)))
          return false;
        return (await this.sharingWith(auth.user.id, userId))[part];
      }
    }
  }

  /** What the member shares with the trainer (the account `trainerUserId`): their choice, or the defaults. */
  async sharingWith(trainerUserId: number, memberUserId: number): Promise<RecordSharing> {
    const share = await this.shares
      .createQueryBuilder('share')
      .innerJoin('share.trainer', 'trainer')
      .select(['share.logs', 'share.measurements', 'share.photos'])
      .where('share.userId = :memberUserId', { memberUserId })
      .andWhere('trainer.userId = :trainerUserId', { trainerUserId })
      .getOne();
    return share
      ? { logs: share.logs, measurements: share.measurements, photos: share.photos }
      : { ...RECORD_SHARE_DEFAULTS };
  }

  /**
   * LessonVideoRead lesson by lesson: null when the caller may watch none of the programme's lessons, else when
   * each opens to them. Its owner and superusers see every lesson; a subscriber of a daily programme sees lesson n
   * from the local midnight of their day n (docs/decisions/058-lessons-on-a-schedule.md).
   */
  async lessonLocks(auth: Caller, program: ProgramEntity): Promise<LessonLocks | null> {
    if (!auth) return null;
    if (await this.mayManage(auth, program)) return NONE_LOCKED;
    const subscription = await this.subscriptions.findActive(auth.user.id, program.id);
    return subscription ? this.locksOf(subscription, program) : null;
  }

  /**
   * LessonComplete: the caller actively subscribes to the lesson's programme (403 "not subscribed" otherwise) and
   * the lesson is open to them (403 naming the local date it opens on, and the instant, otherwise).
   */
  async requireLessonOpen(auth: Caller, lesson: { programId: number; number: number }): Promise<void> {
    const subscription =
      auth && (await this.subscriptions.findActiveWithUnlock(auth.user.id, lesson.programId));
    if (!subscription?.program) throw REFUSALS[Permission.LessonComplete]();
    const opensAt = this.locksOf(subscription, subscription.program)(lesson.number);
    if (opensAt) {
      throw new ForbiddenException({
        message: SCHEDULE_MESSAGES.lessonLocked(localDate(opensAt, subscription.timezone)),
        unlocks_at: opensAt.toISOString(),
      });
    }
  }

  private locksOf(subscription: SubscriptionEntity, program: Pick<ProgramEntity, 'unlock'>): LessonLocks {
    const schedule = scheduleOf(subscription);
    const now = this.clock.now();
    return (lessonNumber) => lockedUntil(schedule, program.unlock, lessonNumber, now);
  }

  /**
   * Everything of a programme, lessons included: its owner, superusers and its active subscribers (a cancelled or
   * refunded subscription no longer counts). A member who paid keeps it when the programme is unpublished later
   * (ADR 015).
   */
  private async mayWatch(auth: Caller, program: ProgramEntity): Promise<boolean> {
    if (!auth) return false;
    if (await this.mayManage(auth, program)) return true;
    return this.subscriptions.isActiveSubscriber(auth.user.id, program.id);
  }

  private async mayManage(auth: Caller, program: ProgramEntity): Promise<boolean> {
    return isSelfOrSuperuser(auth, await this.ownerUserId(program));
  }

  /** The account id of the programme's trainer, from the loaded trainer when there is one. */
  private async ownerUserId(program: ProgramEntity): Promise<number | undefined> {
    if (program.trainer) return program.trainer.userId;
    const trainer = await this.trainers.findOne({
      where: { id: program.trainerId },
      select: { userId: true },
    });
    return trainer?.userId;
  }
}
