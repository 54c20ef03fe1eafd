import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { VerifyEmailJob } from '@fitcoach/contracts';
import { JobsService } from '../../api/src/common/jobs/jobs.service.js';
import { createTestApp, type TestApp } from '../fixtures/app.js';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.js';

/** Resolves when job `id` completes, rejects when it fails for good. */
function settled(jobs: JobsService, id: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onCompleted = (job: { id: string }) => {
      if (job.id !== id) return;
      stop();
      resolve();
    };
    const onFailed = (job: { id: string }, error: unknown) => {
      if (job.id !== id) return;
      stop();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const stop = () => {
      jobs.events.off('completed', onCompleted);
      jobs.events.off('failed', onFailed);
    };
    jobs.events.on('completed', onCompleted);
    jobs.events.on('failed', onFailed);
  });
}

/** A verification job for a recipient of its own, so tests never see each other's mail. */
function verifyJob(overrides: Partial<VerifyEmailJob> = {}): VerifyEmailJob {
  const token = randomBytes(32).toString('hex');
  return {
    to: `user-${token.slice(0, 8)}@example.com`,
    firstName: 'Ann',
    token,
    purpose: 'register',
    ...overrides,
  };
}

/** Enqueues the job as the features do (with an idempotency key) and waits until it has run. */
async function sendThroughQueue(jobs: JobsService, job: VerifyEmailJob): Promise<void> {
  const jobId = `verify-email-${job.token}`;
  const done = settled(jobs, jobId);
  await jobs.enqueue('mail.verify-email', job, { jobId });
  await done;
}

describe('mail.verify-email', () => {
  describe('without SMTP_URL: the outbox', () => {
    let t: TestApp;
    let jobs: JobsService;
    let outbox: string;

    beforeAll(async () => {
      t = await createTestApp();
      jobs = t.app.get(JobsService);
      outbox = join(t.config.dataDir, 'outbox');
    });
    afterAll(() => t.close());

    function outboxFilesFor(to: string): string[] {
      return readdirSync(outbox).filter((name) => name.endsWith(`-${to}.eml`));
    }

    it('writes the mail as one .eml file in DATA_DIR/outbox, with the verification link', async () => {
      const job = verifyJob({ firstName: '<b>Ann</b>' });
      await sendThroughQueue(jobs, job);

      const files = outboxFilesFor(job.to);
      expect(files).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-/)]);
      const mail = parseMail(readFileSync(join(outbox, files[0]), 'utf8'));
      const link = `${t.config.publicUrl}/verify/${job.token}`;
      expect(mail.headers).toMatchObject({
        to: job.to,
        from: t.config.mailFrom,
        subject: 'Verify your FitCoach e-mail address',
      });
      expect(mail.text).toContain(link);
      expect(mail.text).toContain('valid for 24 hours');
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain('Hi &lt;b&gt;Ann&lt;/b&gt;,');
      expect(mail.html).not.toContain('<b>Ann');
    });

    it('asks to confirm a new address when the e-mail address changes', async () => {
      const job = verifyJob({ purpose: 'email-change' });
      await sendThroughQueue(jobs, job);

      const [file] = outboxFilesFor(job.to);
      const mail = parseMail(readFileSync(join(outbox, file), 'utf8'));
      expect(mail.headers.subject).toBe('Confirm your new FitCoach e-mail address');
      expect(mail.text).toContain(`/verify/${job.token}`);
    });

    it('logs where the mail was written and its link, for whoever runs the server', async () => {
      const log = jest.spyOn(Logger.prototype, 'log');
      try {
        const job = verifyJob();
        await sendThroughQueue(jobs, job);
        const [file] = outboxFilesFor(job.to);
        expect(log).toHaveBeenCalledWith(
          `Mail to ${job.to} written to ${join(outbox, file)}; link: ${t.config.publicUrl}/verify/${job.token}`,
        );
      } finally {
        log.mockRestore();
      }
    });
  });

  describe('with SMTP_URL', () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    let jobs: JobsService;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp({ env: { SMTP_URL: smtp.url } });
      jobs = t.app.get(JobsService);
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    function receivedBy(to: string) {
      return smtp.received.filter((mail) => mail.to.includes(to));
    }

    it('delivers the mail with the verification link to the SMTP server, and writes no outbox file', async () => {
      const job = verifyJob();
      await sendThroughQueue(jobs, job);

      const [received, ...others] = receivedBy(job.to);
      expect(others).toEqual([]);
      const mail = parseMail(received.raw);
      expect(mail.headers).toMatchObject({ to: job.to, subject: 'Verify your FitCoach e-mail address' });
      expect(mail.text).toContain(`${t.config.publicUrl}/verify/${job.token}`);
      expect(existsSync(join(t.config.dataDir, 'outbox'))).toBe(false);
    });

    it('retries when the server refuses the first attempt, and delivers the mail once', async () => {
      const job = verifyJob();
      const retries: number[] = [];
      const onRetrying = (queued: { id: string; attempt: number }) => {
        if (queued.id === `verify-email-${job.token}`) retries.push(queued.attempt);
      };
      jobs.events.on('retrying', onRetrying);
      smtp.refuseNext(1);
      try {
        await sendThroughQueue(jobs, job);
      } finally {
        jobs.events.off('retrying', onRetrying);
      }

      expect(retries).toEqual([1]);
      expect(receivedBy(job.to)).toHaveLength(1);
    });
  });
});
