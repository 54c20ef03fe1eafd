import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import type { AppConfig } from '../../common/config/app-config.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as RFC 8058's List-Unsubscribe pair. */
  headers?: Record<string, string>;
}

/**
 * Where FitCoach's mail goes (docs/architecture.md §6): an SMTP server, or the outbox directory when there is none.
 */
export abstract class MailTransport {
  /**
   * Resolves once the mail is handed over and rejects otherwise, so that the job retries. `link` is the link
   * the mail carries, logged by the outbox only: with real delivery it stays a secret of the recipient.
   */
  abstract send(mail: OutgoingMail, link: string): Promise<void>;
}

export function createMailTransport(config: AppConfig): MailTransport {
  return config.smtpUrl
    ? new SmtpMailTransport(config.smtpUrl, config.mailFrom)
    : new OutboxMailTransport(join(config.dataDir, 'outbox'), config.mailFrom, {
        logLinks: config.nodeEnv !== 'production',
      });
}

/** SMTP_URL, with nodemailer's URL options (`smtps://`, `?pool=true`, `?ignoreTLS=true`, ...). */
export class SmtpMailTransport extends MailTransport implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transporter;

  constructor(smtpUrl: string, from: string) {
    super();
    this.transporter = createTransport(smtpUrl, { from });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transporter.sendMail(mail);
    this.logger.log(`Mail to ${mail.to} accepted by the SMTP server (${info.messageId})`);
  }

  onApplicationShutdown(): void {
    this.transporter.close();
  }
}

/**
 * The embedded default: each message is written as an RFC 822 `.eml` file to `DATA_DIR/outbox/`. Outside production
 * its link is logged too, so a developer and a test can follow it; in production logs are read by more people than
 * the recipient, so the link stays in the file.
 */
export class OutboxMailTransport extends MailTransport {
  private readonly logger = new Logger('Mail');
  private readonly transporter = createTransport({ streamTransport: true, buffer: true });

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly options: { logLinks: boolean },
  ) {
    super();
  }

  async send(mail: OutgoingMail, link: string): Promise<void> {
    const { message } = await this.transporter.sendMail({ from: this.from, ...mail });
    await mkdir(this.dir, { recursive: true });
    const file = join(
      this.dir,
      `${new Date().toISOString().replaceAll(':', '-')}-${fileNamePart(mail.to)}.eml`,
    );
    // 'wx': two mails to one address in the same millisecond must not overwrite each other; the second
    // attempt fails and its retry gets a later name.
    await writeFile(file, message, { flag: 'wx' });
    const written = `Mail to ${mail.to} written to ${file}`;
    this.logger.log(this.options.logLinks ? `${written}; link: ${link}` : written);
  }
}

/** An address as part of a file name: no path separators or shell-unfriendly characters, and not too long. */
function fileNamePart(address: string): string {
  return address.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 100);
}
