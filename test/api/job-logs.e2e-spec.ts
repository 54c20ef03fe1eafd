import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Injectable, Module, type OnModuleInit, Post } from '@nestjs/common';
import { Public } from '../../api/src/common/auth/auth.decorators.js';
import { JobsService } from '../../api/src/common/jobs/jobs.service.js';
import { LogContext } from '../../api/src/common/logging/log-context.js';
import { createTestApp, type TestApp } from '../fixtures/app.js';

declare module '@fitcoach/contracts' {
  interface JobPayloads {
    'test.logged': { value: string };
  }
}

/*
 * Structured logs carry the request id into jobs (docs/operations.md, "Operating it"): a job enqueued while a request is handled
 * runs, on whichever instance, in a logging context bound with that request's X-Request-Id and the job itself.
 */

/** What the log lines made inside each job would carry: the bindings of the logger of its context. */
@Injectable()
class LoggedProcessor implements OnModuleInit {
  readonly bindings = new Map<string, Record<string, unknown>>();

  constructor(
    private readonly jobs: JobsService,
    private readonly logs: LogContext,
  ) {}

  onModuleInit(): void {
    this.jobs.register('test.logged', 'mail', async ({ value }) => {
      await new Promise((resolve) => setTimeout(resolve, 5)); // the context survives an await
      this.bindings.set(value, this.logs.logger.bindings());
    });
  }
}

@Public()
@Controller('job-logs-test')
class EnqueueController {
  constructor(private readonly jobs: JobsService) {}

  @Post()
  async enqueue(): Promise<{ id: string }> {
    return { id: await this.jobs.enqueue('test.logged', { value: 'from-request' }) };
  }
}

@Module({ providers: [LoggedProcessor], controllers: [EnqueueController] })
class LoggedJobsModule {}

async function until<T>(probe: () => T | undefined): Promise<T> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('not within 5 s');
}

describe('request ids in the logs of jobs', () => {
  let t: TestApp;
  let processor: LoggedProcessor;

  beforeAll(async () => {
    t = await createTestApp({ extraModules: [LoggedJobsModule] });
    processor = t.app.get(LoggedProcessor);
  });
  afterAll(() => t.close());

  it('binds the X-Request-Id of the request that enqueued the job, and the job, to its log lines', async () => {
    const res = await t.http().post('/job-logs-test').set('X-Request-Id', 'req-job-42').expect(201);
    const bindings = await until(() => processor.bindings.get('from-request'));
    expect(bindings).toMatchObject({
      requestId: 'req-job-42',
      job: { id: res.body.id, name: 'test.logged', attempt: 1 },
    });
    expect(bindings).not.toHaveProperty('req');
  });

  it('binds the job alone when no request enqueued it', async () => {
    const id = await t.app.get(JobsService).enqueue('test.logged', { value: 'from-nowhere' });
    const bindings = await until(() => processor.bindings.get('from-nowhere'));
    expect(bindings).toEqual({ job: { id, name: 'test.logged', attempt: 1 } });
  });
});
