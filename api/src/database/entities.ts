import { FailedJobEntity } from '../common/jobs/failed-job.entity.js';
import { OutboxEntity } from '../common/jobs/outbox.entity.js';
import { AuditEntryEntity } from '../modules/audit/audit-entry.entity.js';
import { ChatMessageEntity } from '../modules/chat/chat-message.entity.js';
import { NotificationEntity } from '../modules/chat/notification.entity.js';
import { RefreshTokenEntity } from '../modules/auth/refresh-token.entity.js';
import { LessonEntity } from '../modules/lessons/lesson.entity.js';
import { PaymentEventEntity } from '../modules/payments/payment-event.entity.js';
import { PaymentEntity } from '../modules/payments/payment.entity.js';
import { ProgramEntity } from '../modules/programs/program.entity.js';
import { PublishRequestEntity } from '../modules/programs/publish-request.entity.js';
import { LessonCompletionEntity } from '../modules/subscriptions/lesson-completion.entity.js';
import { SubscriptionEntity } from '../modules/subscriptions/subscription.entity.js';
import { TrainerEntity } from '../modules/trainers/trainer.entity.js';
import { EmailVerificationEntity } from '../modules/users/email-verification.entity.js';
import { PasswordResetEntity } from '../modules/users/password-reset.entity.js';
import { ProfileEntity } from '../modules/users/profile.entity.js';
import { UserEntity } from '../modules/users/user.entity.js';
import { NotificationSettingEntity } from '../modules/reminders/notification-setting.entity.js';
import { PushSubscriptionEntity } from '../modules/push/push-subscription.entity.js';
import { BodyMeasurementEntity } from '../modules/record/body-measurement.entity.js';
import { ProgressPhotoEntity } from '../modules/record/progress-photo.entity.js';
import { RecordShareEntity } from '../modules/record/record-share.entity.js';
import { WorkoutLogEntity } from '../modules/record/workout-log.entity.js';
import { ReviewReportEntity } from '../modules/reviews/review-report.entity.js';
import { ReviewVoteEntity } from '../modules/reviews/review-vote.entity.js';
import { ReviewEntity } from '../modules/reviews/review.entity.js';

/** Every entity, listed explicitly so the app, the CLI and the tests load the same schema without globbing. */
export const entities = [
  UserEntity,
  ProfileEntity,
  EmailVerificationEntity,
  PasswordResetEntity,
  RefreshTokenEntity,
  TrainerEntity,
  ProgramEntity,
  PublishRequestEntity,
  LessonEntity,
  PaymentEntity,
  PaymentEventEntity,
  SubscriptionEntity,
  LessonCompletionEntity,
  ChatMessageEntity,
  NotificationEntity,
  AuditEntryEntity,
  OutboxEntity,
  FailedJobEntity,
  NotificationSettingEntity,
  PushSubscriptionEntity,
  WorkoutLogEntity,
  BodyMeasurementEntity,
  ProgressPhotoEntity,
  RecordShareEntity,
  ReviewEntity,
  ReviewVoteEntity,
  ReviewReportEntity,
];
