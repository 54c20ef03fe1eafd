import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In, IsNull } from 'typeorm';
import { DELETED_ACCOUNT } from '@fitcoach/contracts';
import { RefreshTokenEntity } from '../auth/refresh-token.entity.js';
import { ChatMessageEntity } from '../chat/chat-message.entity.js';
import { NotificationEntity } from '../chat/notification.entity.js';
import { PaymentEntity } from '../payments/payment.entity.js';
import { ProgramEntity } from '../programs/program.entity.js';
import { PublishRequestEntity } from '../programs/publish-request.entity.js';
import { LessonCompletionEntity } from '../subscriptions/lesson-completion.entity.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { TrainerEntity } from '../trainers/trainer.entity.js';
import { EmailVerificationEntity } from '../users/email-verification.entity.js';
import { PasswordResetEntity } from '../users/password-reset.entity.js';
import { ProfileEntity } from '../users/profile.entity.js';
import { BodyMeasurementEntity } from '../record/body-measurement.entity.js';
import { ProgressPhotoEntity } from '../record/progress-photo.entity.js';
import { RecordShareEntity } from '../record/record-share.entity.js';
import { WorkoutLogEntity } from '../record/workout-log.entity.js';
import { ReviewEntity } from '../reviews/review.entity.js';
import { eraseReviewsOf } from '../reviews/reviews.store.js';
import { UserEntity } from '../users/user.entity.js';

const byId = <T extends { id: number }>(rows: T[]) => rows.sort((a, b) => a.id - b.id);

export interface AccountRows {
  user: UserEntity;
  profile: ProfileEntity | null;
  trainer: TrainerEntity | null;
  programs: ProgramEntity[];
  subscriptions: SubscriptionEntity[];
  payments: PaymentEntity[];
  completions: LessonCompletionEntity[];
  /** Loaded with the other person, for their name. */
  messages: ChatMessageEntity[];
  notifications: NotificationEntity[];
  programNames: Map<number, string>;
  /** Loaded with their programme. */
  workoutLogs: WorkoutLogEntity[];
  measurements: BodyMeasurementEntity[];
  photos: ProgressPhotoEntity[];
  shares: RecordShareEntity[];
  /** Loaded with their programme. */
  reviews: ReviewEntity[];
}

export interface LeftSubscriber {
  userId: number;
  email: string;
  firstName: string;
  programId: number;
  programName: string;
}

/** Removed once the deletion committed: public pictures and private progress photos. */
export interface LeftFiles {
  pictures: string[];
  photos: string[];
}

@Injectable()
export class AccountDataRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async rowsOf(user: UserEntity): Promise<AccountRows> {
    const manager = this.dataSource.manager;
    const userId = user.id;
    // Each read goes along an index of the account's column, so its few rows are ordered here, not by SQL.
    const [profile, trainer, subscriptions, payments, completions, sent, received, notifications] =
      await Promise.all([
        manager.findOneBy(ProfileEntity, { userId }),
        manager.findOneBy(TrainerEntity, { userId }),
        manager.findBy(SubscriptionEntity, { userId }),
        manager.findBy(PaymentEntity, { userId }),
        manager.find(LessonCompletionEntity, { where: { userId }, relations: { lesson: true } }),
        manager.find(ChatMessageEntity, { where: { senderId: userId }, relations: { recipient: true } }),
        manager.find(ChatMessageEntity, { where: { recipientId: userId }, relations: { sender: true } }),
        manager.findBy(NotificationEntity, { userId }),
      ]);
    const [workoutLogs, measurements, photos, shares, reviews] = await Promise.all([
      manager.find(WorkoutLogEntity, { where: { userId }, relations: { program: true } }),
      manager.findBy(BodyMeasurementEntity, { userId }),
      manager.findBy(ProgressPhotoEntity, { userId }),
      manager.findBy(RecordShareEntity, { userId }),
      manager.find(ReviewEntity, { where: { userId }, relations: { program: true } }),
    ]);
    const programs = trainer ? await manager.findBy(ProgramEntity, { trainerId: trainer.id }) : [];
    const referenced = new Set([
      ...subscriptions.map((row) => row.programId),
      ...payments.map((row) => row.programId),
      ...completions.map((row) => row.lesson?.programId ?? 0),
    ]);
    const named = await manager.find(ProgramEntity, {
      select: { id: true, name: true },
      where: { id: In([...referenced]) },
    });
    const programNames = new Map(named.map((program) => [program.id, program.name]));
    return {
      user,
      profile,
      trainer,
      programs: byId(programs),
      subscriptions: byId(subscriptions),
      payments: byId(payments),
      completions: byId(completions),
      messages: byId([...sent, ...received]),
      notifications: byId(notifications),
      programNames,
      workoutLogs: byId(workoutLogs),
      measurements: measurements.sort((a, b) => a.measuredOn.localeCompare(b.measuredOn)),
      photos: byId(photos),
      shares: byId(shares),
      reviews: byId(reviews),
    };
  }

  async filesAndTrainer(
    manager: EntityManager,
    user: UserEntity,
  ): Promise<LeftFiles & { trainerId?: number }> {
    const trainer = await manager.findOneBy(TrainerEntity, { userId: user.id });
    const pictures = [user.profilePicture, trainer?.profilePicture].filter((path): path is string => !!path);
    const photos = await manager.find(ProgressPhotoEntity, {
      select: { id: true, file: true },
      where: { userId: user.id },
    });
    return { pictures, photos: photos.map((photo) => photo.file), trainerId: trainer?.id };
  }

  async sentImages(manager: EntityManager, userId: number): Promise<string[]> {
    const rows = await manager.find(ChatMessageEntity, {
      select: { id: true, image: true },
      where: { senderId: userId, deletedAt: IsNull() },
    });
    return rows.map((row) => row.image).filter((path): path is string => !!path);
  }

  /** Keeps its id, for the payments and messages that point to it, and nothing that names its owner (ADR 051). */
  async eraseAccount(manager: EntityManager, userId: number, unusablePassword: string): Promise<void> {
    await manager.update(
      UserEntity,
      { id: userId },
      {
        firstName: DELETED_ACCOUNT.firstName,
        lastName: DELETED_ACCOUNT.lastName,
        email: DELETED_ACCOUNT.email(userId),
        pendingEmail: null,
        passwordHash: unusablePassword,
        profilePicture: null,
        isSuperuser: false,
        blocked: true,
        deletedAt: new Date(),
      },
    );
    await manager.update(
      ProfileEntity,
      { userId },
      { height: null, weight: null, bodyFat: null, age: null, phone: null },
    );
    await manager.delete(EmailVerificationEntity, { userId });
    await manager.delete(PasswordResetEntity, { userId });
    await manager.delete(LessonCompletionEntity, { userId });
    // The training record is health data of the account's alone: it goes with it.
    await manager.delete(WorkoutLogEntity, { userId });
    await manager.delete(BodyMeasurementEntity, { userId });
    await manager.delete(ProgressPhotoEntity, { userId });
    await manager.delete(RecordShareEntity, { userId });
    await eraseReviewsOf(manager, userId);
    await manager.delete(NotificationEntity, { userId });
    await manager.update(
      NotificationEntity,
      { senderId: userId },
      { senderId: null, senderName: `${DELETED_ACCOUNT.firstName} ${DELETED_ACCOUNT.lastName}` },
    );
    await manager.update(
      ChatMessageEntity,
      { senderId: userId, deletedAt: IsNull() },
      { text: null, image: null, deletedAt: new Date() },
    );
    // Accounting keeps the amounts, dates and programmes; the payer's name goes.
    await manager.update(PaymentEntity, { userId }, { payerName: null });
  }

  /** The row stays, as its programmes and their payments point to it. */
  async eraseTrainer(manager: EntityManager, trainerId: number): Promise<void> {
    await manager.update(
      TrainerEntity,
      { id: trainerId },
      { about: '', certifications: '', phone: '', profilePicture: null },
    );
  }

  /** Returns the active subscribers of the published ones, whom the caller tells. */
  async withdrawPrograms(manager: EntityManager, trainerId: number): Promise<LeftSubscriber[]> {
    const programs = await manager.find(ProgramEntity, {
      select: { id: true, name: true, isPublished: true },
      where: { trainerId },
    });
    if (programs.length === 0) return [];
    const ids = programs.map((program) => program.id);
    await manager.update(ProgramEntity, { id: In(ids) }, { isPublished: false });
    await manager.update(
      PublishRequestEntity,
      { programId: In(ids), status: 'pending' },
      { status: 'rejected', decidedAt: new Date(), reason: 'The trainer closed their account.' },
    );
    const published = programs.filter((program) => program.isPublished);
    if (published.length === 0) return [];
    const names = new Map(published.map((program) => [program.id, program.name]));
    const subscribers = await manager.find(SubscriptionEntity, {
      where: { programId: In([...names.keys()]), activeFlag: 1 },
      relations: { user: true },
    });
    return subscribers
      .filter((row) => row.user && !row.user.blocked)
      .map((row) => ({
        userId: row.userId,
        email: row.user?.email ?? '',
        firstName: row.user?.firstName ?? '',
        programId: row.programId,
        programName: names.get(row.programId) ?? '',
      }));
  }

  async deleteSessions(manager: EntityManager, userId: number): Promise<void> {
    await manager.delete(RefreshTokenEntity, { userId });
  }

  async notify(
    manager: EntityManager,
    subscribers: readonly LeftSubscriber[],
    news: Pick<NotificationEntity, 'senderName' | 'category'> & { message: (programName: string) => string },
  ): Promise<void> {
    if (subscribers.length === 0) return;
    await manager.insert(
      NotificationEntity,
      subscribers.map((subscriber) => ({
        userId: subscriber.userId,
        senderId: null,
        senderName: news.senderName,
        category: news.category,
        message: news.message(subscriber.programName),
        payload: JSON.stringify({ program_id: subscriber.programId }),
        readAt: null,
      })),
    );
  }
}
