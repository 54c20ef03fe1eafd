import { Inject, Injectable } from '@nestjs/common';
import type {
  LessonReminderJob,
  PasswordResetJob,
  PaymentReceiptJob,
  ProgramRejectedJob,
  SubscriptionRefundedJob,
  TrainerLeftJob,
  VerifyEmailJob,
} from '@fitcoach/contracts';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';
import {
  lessonReminderMail,
  passwordResetMail,
  paymentReceiptMail,
  programRejectedMail,
  subscriptionRefundedMail,
  trainerLeftMail,
  verifyEmailMail,
} from './mail.templates.js';
import { MailTransport } from './mail.transport.js';

/** Renders and sends the site's mail, signed with SITE_NAME. Called by the mail queue's processor; features enqueue jobs instead. */
@Injectable()
export class MailService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transport: MailTransport,
  ) {}

  async sendVerificationEmail(job: VerifyEmailJob): Promise<void> {
    // The web app's verify.$token route, which posts the token to the API.
    const link = `${this.config.publicUrl}/verify/${encodeURIComponent(job.token)}`;
    const mail = verifyEmailMail(
      { firstName: job.firstName, purpose: job.purpose, link },
      this.config.siteName,
    );
    await this.transport.send({ to: job.to, ...mail }, link);
  }

  async sendPasswordReset(job: PasswordResetJob): Promise<void> {
    // The web app's reset-password.$token route, which asks for the new password.
    const link = `${this.config.publicUrl}/reset-password/${encodeURIComponent(job.token)}`;
    await this.transport.send(
      { to: job.to, ...passwordResetMail({ firstName: job.firstName, link }, this.config.siteName) },
      link,
    );
  }

  async sendPaymentReceipt(job: PaymentReceiptJob): Promise<void> {
    const link = `${this.config.publicUrl}/programLesson/${job.programId}`;
    await this.transport.send({ to: job.to, ...paymentReceiptMail(job, link, this.config.siteName) }, link);
  }

  async sendSubscriptionRefunded(job: SubscriptionRefundedJob): Promise<void> {
    const link = `${this.config.publicUrl}/programmes`;
    await this.transport.send(
      { to: job.to, ...subscriptionRefundedMail(job, link, this.config.siteName) },
      link,
    );
  }

  async sendProgramRejected(job: ProgramRejectedJob): Promise<void> {
    const link = `${this.config.publicUrl}/trainerDashboard`;
    await this.transport.send({ to: job.to, ...programRejectedMail(job, link, this.config.siteName) }, link);
  }

  async sendTrainerLeft(job: TrainerLeftJob): Promise<void> {
    const link = `${this.config.publicUrl}/programLesson/${job.programId}`;
    await this.transport.send({ to: job.to, ...trainerLeftMail(job, link, this.config.siteName) }, link);
  }

  /**
   * The daily lesson reminder, with its unsubscribe link also as RFC 8058's headers: mail clients show an
   * unsubscribe button that posts to the same page (docs/product.md, Reminders).
   */
  async sendLessonReminder(job: LessonReminderJob): Promise<void> {
    const lesson = `${this.config.publicUrl}/programLesson/${job.programId}`;
    const unsubscribe = `${this.config.publicUrl}/unsubscribe/reminders?token=${encodeURIComponent(job.unsubscribeToken)}`;
    await this.transport.send(
      {
        to: job.to,
        ...lessonReminderMail(job, { lesson, unsubscribe }, this.config.siteName),
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
      lesson,
    );
  }
}
