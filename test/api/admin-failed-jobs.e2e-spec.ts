import { once } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import {
  type AuditEntryResponse,
  FAILED_JOB_MESSAGES,
  type FailedJobResponse,
  PAGINATION_MESSAGES,
} from '@fitcoach/contracts';
import { DataSource } from 'typeorm';
import { FailedJobRecorder } from '../../api/src/common/jobs/failed-job.recorder.js';
import { FailedJobEntity } from '../../api/src/common/jobs/failed-job.entity.js';
import type { QueuedJob } from '../../api/src/common/jobs/job-runner.js';
import { JobsService } from '../../api/src/common/jobs/jobs.service.js';
import { OutboxService } from '../../api/src/common/jobs/outbox.service.js';
import { expectCrossSiteRefused, expectSuperusersOnly } from '../fixtures/admin.js';
import { TEST_RETRY_POLICY, useTestApp } from '../fixtures/app.js';
import { fieldRefusal, refusal, REFUSED } from '../fixtures/refusals.js';
import { createSession, type Session } from '../fixtures/users.js';

/*
 * The dead letters (docs/decisions/035-dead-letters-and-bounded-waits.md): a job that failed its last attempt, on
 * whichever runner the environment selects or relayed from the outbox, is kept, listed for superusers, and queued
 * again once by one of them.
 */

declare module '@fitcoach/contracts' {
  interface JobPayloads {
    'test.dead-letter': { key: string };
  }
}

/** Fails every attempt of a key until the test mends it. */
@Injectable()
class DeadLetterProcessor implements OnModuleInit {
  readonly broken = new Set<string>();
  readonly done: string[] = [];

  constructor(private readonly jobs: JobsService) {}

  onModuleInit(): void {
    this.jobs.register('test.dead-letter', 'mail', async ({ key }) => {
      if (this.broken.has(key)) throw new Error(`${key} is broken`);
      this.done.push(key);
    });
  }
}

@Module({ providers: [DeadLetterProcessor] })
class DeadLetterModule {}

const t = useTestApp({ extraModules: [DeadLetterModule] });

const PATH = '/api/admin/failedJobs/';

const as = (session: Session) => ({
  get: (path: string) => t.http().get(path).set('Authorization', session.bearer),
  retry: (id: number | string) => t.http().post(`${PATH}${id}/retry/`).set('Authorization', session.bearer),
});

const keyOf = (job: QueuedJob) => (job.payload as { key?: string } | null)?.key;

/** Resolves once the job of `key` failed for good and its failure is a row. */
async function finalFailure(key: string): Promise<void> {
  const jobs = t.app.get(JobsService);
  for (;;) {
    const [job] = (await once(jobs.events, 'failed')) as [QueuedJob];
    if (keyOf(job) === key) break;
  }
  await t.app.get(FailedJobRecorder).idle();
}

/** A job that fails every attempt, enqueued directly or written to the outbox; its row once it failed for good. */
async function deadLetter(key: string, through: 'queue' | 'outbox' = 'queue'): Promise<FailedJobResponse> {
  t.app.get(DeadLetterProcessor).broken.add(key);
  const failed = finalFailure(key);
  if (through === 'queue') await t.app.get(JobsService).enqueue('test.dead-letter', { key });
  else
    await t.app
      .get(DataSource)
      .transaction((manager) => t.app.get(OutboxService).add(manager, 'test.dead-letter', { key }));
  await failed;
  const row = await t.app
    .get(DataSource)
    .getRepository(FailedJobEntity)
    .findOneOrFail({
      where: { jobName: 'test.dead-letter', payload: JSON.stringify({ key }) },
    });
  const admin = await createSession(t, { superuser: true });
  const listed = (await as(admin).get(`${PATH}?page_size=100`).expect(200)).body as FailedJobResponse[];
  const found = listed.find((job) => job.id === row.id);
  if (!found) throw new Error(`failed job ${row.id} is not on the first page`);
  return found;
}

describe('GET /api/admin/failedJobs/', () => {
  it('answers superusers only', async () => {
    await expectSuperusersOnly(t, 'get', PATH);
  });

  it.each([
    ['page', 'page=0', PAGINATION_MESSAGES.page],
    ['page', 'page=two', PAGINATION_MESSAGES.page],
    ['page_size', 'page_size=101', PAGINATION_MESSAGES.pageSize],
    ['page_size', 'page_size[a]=1', PAGINATION_MESSAGES.pageSize],
  ])('refuses a bad %s (%s) with 400', async (field, query, message) => {
    const admin = await createSession(t, { superuser: true });
    const res = await as(admin).get(`${PATH}?${query}`).expect(400);
    expect(res.body).toEqual(fieldRefusal(400, field, message));
  });

  it("keeps a queued job's final failure: queue, name, attempts, last error, time", async () => {
    const key = `queued-${Date.now()}`;
    const before = new Date();
    const job = await deadLetter(key);
    expect(job).toEqual({
      id: expect.any(Number),
      queue: 'mail',
      name: 'test.dead-letter',
      job_id: expect.any(String),
      runner: process.env.REDIS_URL ? 'bull' : 'in-process',
      attempts: TEST_RETRY_POLICY.attempts,
      last_error: `${key} is broken`,
      failed_at: expect.any(String),
      retried_at: null,
    });
    expect(Date.parse(job.failed_at)).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it('keeps an outbox job that gave up too', async () => {
    const key = `outbox-${Date.now()}`;
    const job = await deadLetter(key, 'outbox');
    expect(job).toMatchObject({
      name: 'test.dead-letter',
      job_id: expect.stringMatching(/^outbox-\d+-\d+$/),
      attempts: TEST_RETRY_POLICY.attempts,
      last_error: `${key} is broken`,
    });
  });

  it('pages newest first, with X-Total-Count and Link', async () => {
    await deadLetter(`page-a-${Date.now()}`);
    await deadLetter(`page-b-${Date.now()}`);
    const admin = await createSession(t, { superuser: true });
    const res = await as(admin).get(`${PATH}?page_size=1&page=2`).expect(200);
    expect(res.body).toHaveLength(1);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(res.headers.link).toContain('/api/admin/failedJobs/?page=1&page_size=1>; rel="prev"');
    const firstTwo = (await as(admin).get(`${PATH}?page_size=2`).expect(200)).body as FailedJobResponse[];
    expect(firstTwo[0]!.id).toBeGreaterThan(firstTwo[1]!.id);
  });
});

describe('POST /api/admin/failedJobs/{id}/retry/', () => {
  it('answers superusers only, and a cross-site request with their cookie changes nothing', async () => {
    const job = await deadLetter(`refused-${Date.now()}`);
    const admin = await createSession(t, { superuser: true });
    await expectSuperusersOnly(t, 'post', `${PATH}${job.id}/retry/`);
    await expectCrossSiteRefused(t, 'post', `${PATH}${job.id}/retry/`, admin);
    const row = await t.app.get(DataSource).getRepository(FailedJobEntity).findOneByOrFail({ id: job.id });
    expect(row.retriedAt).toBeNull();
  });

  it.each(['0', 'abc', '1.5', '99999999999'])('answers 404 for the malformed id %s', async (id) => {
    const admin = await createSession(t, { superuser: true });
    await as(admin).retry(id).expect(404, REFUSED.malformedId);
  });

  it('answers 404 for an unknown id', async () => {
    const admin = await createSession(t, { superuser: true });
    await as(admin).retry(2_147_483_647).expect(404, refusal(404, FAILED_JOB_MESSAGES.notFound));
  });

  it('queues the job again through the outbox, once, and records who did it', async () => {
    const key = `retried-${Date.now()}`;
    const job = await deadLetter(key);
    const admin = await createSession(t, { superuser: true, firstName: 'Rita', lastName: 'Retry' });
    const processor = t.app.get(DeadLetterProcessor);
    processor.broken.delete(key);
    const jobs = t.app.get(JobsService);
    const ran = new Promise<void>((resolve) => {
      const onCompleted = (done: QueuedJob) => {
        if (keyOf(done) !== key) return;
        jobs.events.off('completed', onCompleted);
        resolve();
      };
      jobs.events.on('completed', onCompleted);
    });

    await as(admin).retry(job.id).expect(200, { message: FAILED_JOB_MESSAGES.retried });
    await ran;
    expect(processor.done.filter((done) => done === key)).toHaveLength(1);

    const row = await t.app.get(DataSource).getRepository(FailedJobEntity).findOneByOrFail({ id: job.id });
    expect(row).toMatchObject({ retriedAt: expect.any(Date), payload: '{}' });
    const listed = (await as(admin).get(`${PATH}?page_size=100`).expect(200)).body as FailedJobResponse[];
    expect(listed.find((one) => one.id === job.id)?.retried_at).toEqual(expect.any(String));

    const audit = await as(admin).get(`/api/admin/audit/?actor=${admin.user.id}`).expect(200);
    expect(audit.body as AuditEntryResponse[]).toEqual([
      expect.objectContaining({
        action: 'retry_job',
        actor: { id: admin.user.id, name: 'Rita Retry' },
        target: { type: 'failed_job', id: job.id, label: 'test.dead-letter (mail queue)' },
      }),
    ]);

    await as(admin).retry(job.id).expect(409, refusal(409, FAILED_JOB_MESSAGES.alreadyRetried));
  });
});
