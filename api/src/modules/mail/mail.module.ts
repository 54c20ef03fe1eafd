import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config.js';
import { MailProcessor } from './mail.processor.js';
import { MailService } from './mail.service.js';
import { createMailTransport, MailTransport } from './mail.transport.js';

/**
 * Sends FitCoach's mail from the `mail` queue. It exports nothing: other modules write a job to the outbox in their
 * transaction (`outbox.add(manager, 'mail.verify-email', payload, { dedupeKey })`, docs/decisions/031-jobs-outbox.md)
 * or, for a best-effort mail, enqueue one, and never wait for a mail server.
 */
@Module({
  providers: [
    {
      provide: MailTransport,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createMailTransport(config),
    },
    MailService,
    MailProcessor,
  ],
})
export class MailModule {}
