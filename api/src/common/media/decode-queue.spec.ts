import { describe, expect, it } from '@jest/globals';
import { DecodeQueue, QueueFullError } from './decode-queue.js';

function heldJob() {
  let finish!: (value: string) => void;
  let started!: () => void;
  const hasStarted = new Promise<void>((resolve) => (started = resolve));
  const job = () => {
    started();
    return new Promise<string>((resolve) => (finish = resolve));
  };
  return { job, hasStarted, finish: (value: string) => finish(value) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe(DecodeQueue.name, () => {
  it('runs at most `concurrency` jobs at once, the others in the order they came', async () => {
    const queue = new DecodeQueue(2, 10);
    const jobs = Array.from({ length: 5 }, heldJob);
    const order: number[] = [];
    jobs.forEach((held, i) => void held.hasStarted.then(() => order.push(i)));
    const results = jobs.map((held) => queue.run(held.job));
    await settle();
    expect(order).toEqual([0, 1]);
    expect(queue.load).toEqual({ running: 2, waiting: 3 });

    jobs[1].finish('one');
    await settle();
    expect(order).toEqual([0, 1, 2]);
    expect(queue.load).toEqual({ running: 2, waiting: 2 });

    for (const [i, held] of jobs.entries()) {
      await held.hasStarted;
      held.finish(String(i));
    }
    expect(await Promise.all(results)).toEqual(['0', 'one', '2', '3', '4']);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a job at once past its bound of waiting jobs, and takes one again when a place is free', async () => {
    const queue = new DecodeQueue(1, 2);
    const jobs = Array.from({ length: 3 }, heldJob);
    const admitted = jobs.map((held) => queue.run(held.job));
    await settle();

    const late = queue.run(() => Promise.resolve('late')).catch((error: unknown) => error);
    expect(await Promise.race([late, settle().then(() => 'still waiting')])).toBeInstanceOf(QueueFullError);
    expect(queue.load).toEqual({ running: 1, waiting: 2 });

    jobs[0].finish('first');
    await settle();
    const again = queue.run(() => Promise.resolve('again'));
    for (const held of jobs) {
      await held.hasStarted;
      held.finish('done');
    }
    expect(await Promise.all([...admitted, again])).toEqual(['first', 'done', 'done', 'again']);
  });

  it('lets a job wait past the bound when told to', async () => {
    const queue = new DecodeQueue(1, 0);
    const held = heldJob();
    const first = queue.run(held.job);
    await settle();
    const copy = queue.run(() => Promise.resolve('copy'), { evenWhenFull: true });
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    held.finish('first');
    expect(await Promise.all([first, copy])).toEqual(['first', 'copy']);
  });

  it('frees the slot of a job that fails', async () => {
    const queue = new DecodeQueue(1, 1);
    await expect(queue.run(() => Promise.reject(new Error('damaged')))).rejects.toThrow('damaged');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    expect(await queue.run(() => Promise.resolve('next'))).toBe('next');
  });
});
