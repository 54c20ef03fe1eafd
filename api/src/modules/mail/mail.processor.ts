import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobsService } from '../../common/jobs/jobs.service.js';
import { MailService } from './mail.service.js';

/** Runs the `mail` queue's jobs. A send that fails rejects, and JobsService retries it under its policy. */
@Injectable()
export class MailProcessor implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly mail: MailService,
  ) {}

  onModuleInit(): void {
    this.jobs.register('mail.verify-email', 'mail', (job) => this.mail.sendVerificationEmail(job));
    this.jobs.register('mail.password-reset', 'mail', (job) => this.mail.sendPasswordReset(job));
    this.jobs.register('mail.payment-receipt', 'mail', (job) => this.mail.sendPaymentReceipt(job));
    this.jobs.register('mail.subscription-refunded', 'mail', (job) =>
      this.mail.sendSubscriptionRefunded(job),
    );
    this.jobs.register('mail.program-rejected', 'mail', (job) => this.mail.sendProgramRejected(job));
    this.jobs.register('mail.trainer-left', 'mail', (job) => this.mail.sendTrainerLeft(job));
    this.jobs.register('mail.lesson-reminder', 'mail', (job) => this.mail.sendLessonReminder(job));
  }
}
