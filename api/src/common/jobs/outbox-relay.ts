import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { backoffDelay, type QueuedJob, RETRY_POLICY, type RetryPolicy } from './job-runner.js';
import { JobsService } from './jobs.service.js';
import { outboxJobId } from './outbox-job-id.js';
import type { OutboxEntity } from './outbox.entity.js';
import { OutboxRepository } from './outbox.repository.js';

/** How often the relay looks for rows nobody woke it for: another instance's, a crashed relay's, a backoff's end. */
export const OUTBOX_SWEEP_MS = 5000;
/** How long a claim holds a row: longer than a handover (ENQUEUE_WAIT_MS) and a run here, so no other relay takes it. */
export const OUTBOX_CLAIM_MS = 60_000;
/** Rows claimed at once; a full batch is followed by another at once. */
export const OUTBOX_BATCH = 20;
/** Dispatched rows, and their dedupe keys, are forgotten after a week. */
export const OUTBOX_KEEP_MS = 7 * 24 * 3600 * 1000;

/**
 * Moves the outbox's rows on (docs/decisions/031-jobs-outbox.md): woken when a transaction that added rows commits,
 * and every OUTBOX_SWEEP_MS, it claims the waiting rows and hands each to Bull under a job id made from the row, so
 * a second handover after a crash is one job; a row Bull does not take within ENQUEUE_WAIT_MS (Redis away), and
 * every row without Redis, it runs in this process with the same handler. A failed run waits out the retry
 * policy's backoff; after the last attempt the row stays, with its error, undispatched.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Outbox');
  private readonly timers = new Set<NodeJS.Timeout>();
  private sweeper: NodeJS.Timeout | undefined;
  private passing: Promise<void> | undefined;
  private wanted = false;
  private stopped = false;

  constructor(
    private readonly rows: OutboxRepository,
    private readonly jobs: JobsService,
    @Inject(RETRY_POLICY) private readonly policy: RetryPolicy,
  ) {}

  onApplicationBootstrap(): void {
    this.startSweeps();
    this.wake();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.passing;
  }

  /** Looks for waiting rows now; a wake during a pass makes another pass after it. */
  wake(): void {
    if (this.stopped) return;
    this.wanted = true;
    this.passing ??= this.passes().finally(() => (this.passing = undefined));
  }

  /** The passes in progress, for tests: resolves once the relay is idle. */
  async idle(): Promise<void> {
    while (this.passing) await this.passing;
  }

  /**
   * Runs `work` with no sweep due and none under way, for tests that count the SQL statements of one request: a
   * sweep's own statements (purging old rows, claiming due ones) would be counted with the request's.
   */
  async withoutSweeps<T>(work: () => Promise<T>): Promise<T> {
    clearInterval(this.sweeper);
    try {
      await this.idle();
      return await work();
    } finally {
      if (!this.stopped) this.startSweeps();
    }
  }

  private startSweeps(): void {
    this.sweeper = setInterval(() => this.wake(), OUTBOX_SWEEP_MS).unref();
  }

  private async passes(): Promise<void> {
    // Let the wake's caller finish first: a commit hook must not wait for the relay.
    await Promise.resolve();
    while (this.wanted && !this.stopped) {
      this.wanted = false;
      try {
        await this.pass();
      } catch (error) {
        this.logger.error(`Outbox relay pass failed: ${message(error)}`);
      }
    }
  }

  private async pass(): Promise<void> {
    await this.rows.deleteDispatchedBefore(new Date(Date.now() - OUTBOX_KEEP_MS));
    for (;;) {
      const now = new Date();
      const claimed = await this.rows.claimDue(
        now,
        new Date(now.getTime() + OUTBOX_CLAIM_MS),
        this.policy.attempts,
        OUTBOX_BATCH,
      );
      await Promise.all(claimed.map((row) => this.relay(row)));
      if (claimed.length < OUTBOX_BATCH || this.stopped) return;
    }
  }

  private async relay(row: OutboxEntity): Promise<void> {
    const job: QueuedJob = {
      id: outboxJobId(row),
      queue: row.queue,
      name: row.jobName,
      payload: JSON.parse(row.payload) as unknown,
      attempt: row.attempts,
      ...(row.requestId !== null && { requestId: row.requestId }),
    };
    if (row.runner !== 'in-process' && (await this.jobs.handOver(job))) {
      await this.rows.markDispatched(row.id, new Date());
      return;
    }
    // Bull's worker took the job meanwhile (a late addition landed): it runs it, and marked it dispatched.
    if (!(await this.rows.takeForInProcess(row.id))) return;
    const last = row.attempts >= this.policy.attempts;
    try {
      await this.jobs.runHere(job, last);
    } catch (error) {
      const wait = backoffDelay(this.policy, row.attempts);
      await this.rows.markFailed(row.id, message(error), new Date(Date.now() + wait));
      if (!last) this.wakeIn(wait);
      return;
    }
    await this.rows.markDispatched(row.id, new Date());
  }

  private wakeIn(ms: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.wake();
    }, ms).unref();
    this.timers.add(timer);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
