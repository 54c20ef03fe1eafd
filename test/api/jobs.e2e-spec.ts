import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { JobsService } from '../../api/src/common/jobs/jobs.service.js';
import { createTestApp, TEST_RETRY_POLICY, type TestApp } from '../fixtures/app.js';

declare module '@fitcoach/contracts' {
  interface JobPayloads {
    'test.record': { value: string };
    'test.flaky': { failures: number; key: string };
    'test.broken': { key: string };
  }
}

/** A processor written as real ones are: it registers its handlers with JobsService at module init. */
@Injectable()
class TestProcessor implements OnModuleInit {
  readonly received: string[] = [];
  readonly attempts = new Map<string, number>();

  constructor(private readonly jobs: JobsService) {}

  onModuleInit(): void {
    this.jobs.register('test.record', 'mail', async ({ value }) => {
      this.received.push(value);
    });
    this.jobs.register('test.flaky', 'payments', async ({ failures, key }, { attempt }) => {
      this.attempts.set(key, attempt);
      if (attempt <= failures) throw new Error(`planned failure ${attempt}`);
    });
    this.jobs.register('test.broken', 'mail', async ({ key }, { attempt }) => {
      this.attempts.set(key, attempt);
      throw new Error('always fails');
    });
  }
}

@Module({ providers: [TestProcessor] })
class TestJobsModule {}

function completion(jobs: JobsService, id: string) {
  return new Promise<void>((resolve, reject) => {
    const onCompleted = (job: { id: string }) => {
      if (job.id !== id) return;
      cleanup();
      resolve();
    };
    const onFailed = (job: { id: string }, error: unknown) => {
      if (job.id !== id) return;
      cleanup();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const cleanup = () => {
      jobs.events.off('completed', onCompleted);
      jobs.events.off('failed', onFailed);
    };
    jobs.events.on('completed', onCompleted);
    jobs.events.on('failed', onFailed);
  });
}

describe('JobsService', () => {
  let t: TestApp;
  let jobs: JobsService;
  let processor: TestProcessor;

  beforeAll(async () => {
    t = await createTestApp({ extraModules: [TestJobsModule] });
    jobs = t.app.get(JobsService);
    processor = t.app.get(TestProcessor);
  });
  afterAll(() => t.close());

  it('runs on Bull when REDIS_URL is set and in-process otherwise', () => {
    expect(jobs.runnerKind).toBe(process.env.REDIS_URL ? 'bull' : 'in-process');
  });

  it('delivers the payload to the handler registered for the job name', async () => {
    const id = `record-${Date.now()}`;
    const done = completion(jobs, id);
    await expect(jobs.enqueue('test.record', { value: 'hello' }, { jobId: id })).resolves.toBe(id);
    await done;
    expect(processor.received).toContain('hello');
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const key = `flaky-${Date.now()}`;
    const retries: number[] = [];
    const onRetry = (job: { payload: unknown; attempt: number }) => {
      if ((job.payload as { key: string }).key === key) retries.push(job.attempt);
    };
    jobs.events.on('retrying', onRetry);
    const id = await jobs.enqueue('test.flaky', { failures: 2, key });
    await completion(jobs, id);
    jobs.events.off('retrying', onRetry);
    expect(processor.attempts.get(key)).toBe(3);
    expect(retries).toEqual([1, 2]);
  });

  it('gives up after the policy’s attempts and reports the job as failed', async () => {
    const key = `broken-${Date.now()}`;
    const id = await jobs.enqueue('test.broken', { key });
    const [job, error] = await once(jobs.events, 'failed');
    expect(job).toMatchObject({ id, name: 'test.broken', attempt: TEST_RETRY_POLICY.attempts });
    expect((error as Error).message).toBe('always fails');
    expect(processor.attempts.get(key)).toBe(TEST_RETRY_POLICY.attempts);
  });

  it('runs a job id once, however often it is enqueued', async () => {
    const id = `once-${Date.now()}`;
    const done = completion(jobs, id);
    await jobs.enqueue('test.record', { value: id }, { jobId: id });
    await jobs.enqueue('test.record', { value: id }, { jobId: id });
    await done;
    const marker = `after-${id}`;
    const after = completion(jobs, marker);
    await jobs.enqueue('test.record', { value: marker }, { jobId: marker });
    await after;
    expect(processor.received.filter((v) => v === id)).toHaveLength(1);
  });

  it('refuses a second handler for the same job name', () => {
    expect(() => jobs.register('test.record', 'mail', async () => undefined)).toThrow(
      /registered after start-up/,
    );
  });
});
