import { InProcessJobRunner } from './in-process-job-runner.js';
import type { QueuedJob } from './job-runner.js';

describe('InProcessJobRunner.repeat', () => {
  it('runs the job every interval, one run at a time, and stops at close', async () => {
    const runner = new InProcessJobRunner({ attempts: 3, backoffMs: 10 });
    let running = 0;
    let overlapped = false;
    const runs: QueuedJob[] = [];
    let third!: () => void;
    const thirdRun = new Promise<void>((resolve) => (third = resolve));
    await runner.start(
      async (job) => {
        running += 1;
        overlapped ||= running > 1;
        runs.push(job);
        if (runs.length === 3) third();
        // Longer than the interval: the ticks meanwhile are skipped, not queued.
        await new Promise((resolve) => setTimeout(resolve, 25));
        running -= 1;
        throw new Error('a failed run is not retried');
      },
      { onCompleted: () => undefined, onRetrying: () => undefined, onFailed: () => undefined },
    );
    await runner.repeat({ id: 'repeat:tick', queue: 'reminders', name: 'tick', payload: {} }, 5);
    await thirdRun;
    await runner.close();
    expect(overlapped).toBe(false);
    expect(runs.every((job) => job.attempt === 1 && job.id === 'repeat:tick')).toBe(true);
  });
});
