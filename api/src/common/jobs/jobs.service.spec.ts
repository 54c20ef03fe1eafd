import { describe, expect, it } from '@jest/globals';
import { InProcessJobRunner } from './in-process-job-runner.js';
import type { JobRunner, QueuedJob } from './job-runner.js';
import { JobsService, QueueUnavailableError } from './jobs.service.js';

declare module '@fitcoach/contracts' {
  interface JobPayloads {
    'unit.echo': { text: string };
  }
}

function makeSut() {
  return new JobsService(new InProcessJobRunner({ attempts: 2, backoffMs: 1 }));
}

describe(JobsService.name, () => {
  it('refuses a second handler for the same job name', () => {
    const sut = makeSut();
    sut.register('unit.echo', 'mail', async () => undefined);
    expect(() => sut.register('unit.echo', 'mail', async () => undefined)).toThrow(
      'Job "unit.echo" already has a handler',
    );
  });

  it('refuses to enqueue a job nobody handles', async () => {
    await expect(makeSut().enqueue('unit.echo', { text: 'x' })).rejects.toThrow(
      'No handler is registered for job "unit.echo"',
    );
  });

  it('refuses handlers registered after start-up', async () => {
    const sut = makeSut();
    await sut.onApplicationBootstrap();
    expect(() => sut.register('unit.echo', 'mail', async () => undefined)).toThrow(/after start-up/);
    await sut.onApplicationShutdown();
  });

  it('hands the handler a copy of the payload, as a queue would', async () => {
    const sut = makeSut();
    const payload = { text: 'original' };
    let seen: { text: string } | undefined;
    sut.register('unit.echo', 'mail', async (p) => {
      seen = p;
    });
    await sut.onApplicationBootstrap();
    const completed = new Promise((resolve) => sut.events.once('completed', resolve));
    await sut.enqueue('unit.echo', payload);
    payload.text = 'changed after enqueue';
    await completed;
    expect(seen).toEqual({ text: 'original' });
    await sut.onApplicationShutdown();
  });

  it('tells how many jobs wait, are delayed and run, per queue (the metrics)', async () => {
    const sut = makeSut();
    let release: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (release = resolve));
    sut.register('unit.echo', 'mail', () => running);
    await sut.onApplicationBootstrap();
    expect(await sut.depth()).toEqual([]);
    const started = new Promise((resolve) => setTimeout(resolve, 20));
    await sut.enqueue('unit.echo', { text: 'now' });
    await sut.enqueue('unit.echo', { text: 'later' }, { delayMs: 60_000 });
    expect(await sut.depth()).toEqual([{ queue: 'mail', waiting: 1, delayed: 1, active: 0 }]);
    await started;
    expect(await sut.depth()).toEqual([{ queue: 'mail', waiting: 0, delayed: 1, active: 1 }]);
    release();
    await sut.onApplicationShutdown();
  });

  it('goes on without a queue that does not take the job in time, which adds it when it is back', async () => {
    let takeIt: () => void = () => undefined;
    const added: string[] = [];
    const stalled = new InProcessJobRunner({ attempts: 1, backoffMs: 1 });
    const runner: JobRunner = Object.assign(Object.create(stalled) as JobRunner, {
      enqueue: (job: Omit<QueuedJob, 'attempt'>) =>
        new Promise<void>((resolve) => {
          takeIt = () => {
            added.push(job.id);
            resolve();
          };
        }),
    });
    const sut = new JobsService(runner);
    sut.register('unit.echo', 'mail', async () => undefined);
    const refused = await sut
      .enqueue('unit.echo', { text: 'x' }, { jobId: 'late-1' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(QueueUnavailableError);
    expect((refused as Error).message).toBe(
      'The job queue did not take unit.echo late-1 within 2000 ms; it is added when the queue is back',
    );
    takeIt();
    expect(added).toEqual(['late-1']);
  });
});
