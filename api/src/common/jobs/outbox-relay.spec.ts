import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { RetryPolicy } from '@fitcoach/contracts';
import { loadConfig } from '../config/app-config.js';
import { openDataSource } from '../database/data-source-options.js';
import { InProcessJobRunner } from './in-process-job-runner.js';
import type { JobDispatcher, JobRunner, QueuedJob } from './job-runner.js';
import { JobsService } from './jobs.service.js';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxEntity } from './outbox.entity.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxService } from './outbox.service.js';

declare module '@fitcoach/contracts' {
  interface JobPayloads {
    'unit.outbox': { text: string };
  }
}

const POLICY: RetryPolicy = { attempts: 3, backoffMs: 40 };

/** A Bull stand-in: records the job ids handed to it, ignores a job id it has (as Bull does), or never answers. */
class FakeBull implements JobRunner {
  readonly kind = 'bull';
  readonly handed: string[] = [];
  readonly kept = new Map<string, QueuedJob>();
  dispatch?: JobDispatcher;
  answers = true;
  private late: (() => void)[] = [];

  async start(dispatch: JobDispatcher): Promise<void> {
    this.dispatch = dispatch;
  }

  enqueue(job: Omit<QueuedJob, 'attempt'>): Promise<void> {
    this.handed.push(job.id);
    const keep = () => {
      if (!this.kept.has(job.id)) this.kept.set(job.id, { ...job, attempt: 1 });
    };
    if (this.answers) {
      keep();
      return Promise.resolve();
    }
    return new Promise((resolve) => this.late.push(() => (keep(), resolve())));
  }

  async repeat(): Promise<void> {}

  /** Redis is back: the additions made meanwhile land. */
  comeBack(): void {
    this.answers = true;
    for (const land of this.late.splice(0)) land();
  }

  /** Bull's worker runs every job it keeps. */
  async work(): Promise<void> {
    for (const job of this.kept.values()) await this.dispatch?.(job);
  }

  isHealthy = async () => true;
  depth = async () => [];
  close = async () => undefined;
}

let dataDir: string;
let dataSource: DataSource;
let rows: OutboxRepository;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fitcoach-outbox-'));
  dataSource = await openDataSource(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), {
    runMigrations: true,
  });
  rows = new OutboxRepository(dataSource);
});
afterEach(async () => {
  await dataSource.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An instance's jobs, outbox and relay over the shared database; `handler` runs `unit.outbox`. */
async function instance(runner: JobRunner, handler: (text: string) => Promise<void>) {
  const jobs = new JobsService(runner, undefined, rows);
  jobs.register('unit.outbox', 'mail', (payload) => handler(payload.text));
  await jobs.onApplicationBootstrap();
  const relay = new OutboxRelay(rows, jobs, POLICY);
  const outbox = new OutboxService(dataSource, rows, relay, jobs);
  outbox.onModuleInit();
  return { jobs, relay, outbox };
}

function addRows(outbox: OutboxService, ...texts: string[]): Promise<void> {
  return dataSource.transaction(async (manager) => {
    for (const text of texts) await outbox.add(manager, 'unit.outbox', { text }, { dedupeKey: text });
  });
}

const allRows = () => dataSource.getRepository(OutboxEntity).find({ order: { id: 'ASC' } });

describe(OutboxRelay.name, () => {
  it('is woken by the commit and runs each row in-process once, even with two relays at work', async () => {
    const ran: string[] = [];
    const one = await instance(new InProcessJobRunner(POLICY), async (text) => void ran.push(`one:${text}`));
    const two = await instance(new InProcessJobRunner(POLICY), async (text) => void ran.push(`two:${text}`));

    await addRows(one.outbox, 'a', 'b', 'c');
    two.relay.wake();
    await Promise.all([one.relay.idle(), two.relay.idle()]);

    expect(ran.map((entry) => entry.slice(4)).sort()).toEqual(['a', 'b', 'c']);
    expect(
      (await allRows()).map((row) => [row.runner, row.attempts, row.payload, row.dispatchedAt !== null]),
    ).toEqual([
      ['in-process', 1, '{}', true],
      ['in-process', 1, '{}', true],
      ['in-process', 1, '{}', true],
    ]);
  });

  it('adds nothing for a dedupe key written before, and nothing when the transaction rolls back', async () => {
    const ran: string[] = [];
    const { outbox, relay } = await instance(
      new InProcessJobRunner(POLICY),
      async (text) => void ran.push(text),
    );
    await addRows(outbox, 'once');
    await addRows(outbox, 'once');
    await expect(
      dataSource.transaction(async (manager) => {
        await outbox.add(manager, 'unit.outbox', { text: 'rolled back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await relay.idle();

    expect(ran).toEqual(['once']);
    expect(await allRows()).toHaveLength(1);
  });

  it('lets one relay claim a row until its claim ends', async () => {
    const { outbox } = await instance(new InProcessJobRunner(POLICY), async () => undefined);
    await dataSource.transaction((manager) => outbox.add(manager, 'unit.outbox', { text: 'x' }));
    await rows.markFailed((await allRows())[0]!.id, 'held', new Date(Date.now() + 60_000));
    const now = new Date();
    const later = new Date(now.getTime() + 120_000);

    expect(await rows.claimDue(now, later, 5, 10)).toEqual([]);
    const claimed = await rows.claimDue(new Date(now.getTime() + 61_000), later, 5, 10);
    expect(claimed.map((row) => row.attempts)).toEqual([1]);
    expect(await rows.claimDue(new Date(now.getTime() + 62_000), later, 5, 10)).toEqual([]);
  });

  it('hands a row to Bull under the same job id again after a relay stopped before marking it', async () => {
    const bull = new FakeBull();
    const ran: string[] = [];
    const { outbox, relay } = await instance(bull, async (text) => void ran.push(text));
    await addRows(outbox, 'receipt');
    await relay.idle();
    // As if the relay had died between Bull's answer and its mark: the row waits again.
    await dataSource
      .getRepository(OutboxEntity)
      .update({ id: 1 }, { dispatchedAt: null, claimedUntil: null, payload: '{"text":"receipt"}' });
    relay.wake();
    await relay.idle();
    await bull.work();

    expect(bull.handed).toHaveLength(2);
    expect(bull.handed[0]).toMatch(/^outbox-1-\d+$/);
    expect(bull.handed[1]).toBe(bull.handed[0]);
    expect(ran).toEqual(['receipt']);
    expect((await allRows()).map((row) => [row.runner, row.dispatchedAt !== null])).toEqual([['bull', true]]);
  });

  it("runs a row in-process when Bull does not answer in time, and Bull's late job is then skipped", async () => {
    const bull = new FakeBull();
    bull.answers = false;
    const ran: string[] = [];
    const { outbox, relay } = await instance(bull, async (text) => void ran.push(text));
    await addRows(outbox, 'verify');
    await relay.idle();

    expect(ran).toEqual(['verify']);
    bull.comeBack();
    await bull.work();
    expect(ran).toEqual(['verify']);
    expect((await allRows()).map((row) => [row.runner, row.dispatchedAt !== null])).toEqual([
      ['in-process', true],
    ]);
  }, 10_000);

  it('retries a failed run after the backoff, and keeps the row with its error after the last attempt', async () => {
    const tries: { text: string; at: number }[] = [];
    const { jobs, outbox, relay } = await instance(new InProcessJobRunner(POLICY), async (text) => {
      tries.push({ text, at: Date.now() });
      if (text === 'never' || tries.filter((t) => t.text === text).length < 2)
        throw new Error(`refused ${text}`);
    });
    const failed: string[] = [];
    const gaveUp = new Promise<void>((resolve) =>
      jobs.events.on('failed', (_job, error) => {
        failed.push((error as Error).message);
        resolve();
      }),
    );
    await addRows(outbox, 'second time', 'never');
    await gaveUp;
    await relay.idle();

    const of = (text: string) => tries.filter((t) => t.text === text).map((t) => t.at);
    const [first, second] = of('second time');
    expect(second! - first!).toBeGreaterThanOrEqual(POLICY.backoffMs - 5);
    expect(of('never')).toHaveLength(POLICY.attempts);
    expect(failed).toEqual(['refused never']);
    const [done, dead] = await allRows();
    expect([done!.attempts, done!.dispatchedAt !== null, done!.lastError]).toEqual([
      2,
      true,
      'refused second time',
    ]);
    expect([dead!.attempts, dead!.dispatchedAt, dead!.lastError]).toEqual([3, null, 'refused never']);
  });
});
