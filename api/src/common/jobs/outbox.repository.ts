import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, type DataSource, type EntityManager, In, IsNull, LessThan } from 'typeorm';
import type { QueueName } from '@fitcoach/contracts';
import { isUniqueViolation } from '../database/errors.js';
import { OutboxEntity } from './outbox.entity.js';

/** A row as a caller writes it. */
export interface NewOutboxRow {
  queue: QueueName;
  jobName: string;
  payload: string;
  dedupeKey: string | null;
  requestId: string | null;
}

/**
 * The outbox's narrow queries (docs/decisions/031-jobs-outbox.md). `insert` joins the caller's transaction; every
 * other method is the relay's or a worker's and runs in a transaction of its own: on SQLite one connection serves
 * every request, and only a transaction (they run one after the other there) keeps the relay from reading a row, or
 * writing beside one, inside a request's transaction that may still roll back.
 */
@Injectable()
export class OutboxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inside the caller's transaction; false when a row with the same dedupe key exists (a replay). */
  async insert(manager: EntityManager, row: NewOutboxRow): Promise<boolean> {
    try {
      await manager.insert(OutboxEntity, { ...row, attempts: 0 });
      return true;
    } catch (error) {
      if (row.dedupeKey !== null && isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * Many rows with one statement, inside the caller's transaction, but those whose dedupe key was written before;
   * returns the number written.
   */
  async insertMany(manager: EntityManager, rows: NewOutboxRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const keys = rows.flatMap((row) => (row.dedupeKey === null ? [] : [row.dedupeKey]));
    const written = new Set(
      keys.length === 0
        ? []
        : (
            await manager.getRepository(OutboxEntity).find({
              select: { dedupeKey: true },
              where: { dedupeKey: In(keys) },
            })
          ).map((row) => row.dedupeKey),
    );
    const fresh = rows.filter((row) => row.dedupeKey === null || !written.has(row.dedupeKey));
    if (fresh.length === 0) return 0;
    try {
      // Plain SQL: TypeORM's insert builder spends about 0.2 ms a row in JavaScript, a second per 5,000 rows.
      await manager.query(
        `INSERT INTO outbox (queue, job_name, payload, dedupe_key, request_id, attempts) VALUES ${fresh
          .map(() => '(?, ?, ?, ?, ?, 0)')
          .join(', ')}`,
        fresh.flatMap((row) => [row.queue, row.jobName, row.payload, row.dedupeKey, row.requestId]),
      );
      return fresh.length;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    // Another transaction wrote one of the keys meanwhile: row by row, as `insert` does.
    let added = 0;
    for (const row of fresh) if (await this.insert(manager, row)) added += 1;
    return added;
  }

  /**
   * Claims up to `limit` rows that wait (not dispatched, attempts left, no live claim nor backoff) until `until`,
   * counting an attempt on each. The conditional update decides between relays of several instances: a row another
   * relay claimed in between is left out, so no two relays hold one row.
   */
  claimDue(now: Date, until: Date, maxAttempts: number, limit: number): Promise<OutboxEntity[]> {
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(OutboxEntity);
      const waiting = (table: string) =>
        new Brackets((where) =>
          where
            .where(`${table}dispatched_at IS NULL`)
            .andWhere(`${table}attempts < :maxAttempts`, { maxAttempts })
            .andWhere(`(${table}claimed_until IS NULL OR ${table}claimed_until <= :now)`, { now }),
        );
      const due = await repository
        .createQueryBuilder('outbox')
        .select('outbox.id', 'id')
        .where(waiting('outbox.'))
        .orderBy('outbox.id', 'ASC')
        .limit(limit)
        .getRawMany<{ id: number }>();
      const claimed: number[] = [];
      for (const { id } of due) {
        const result = await repository
          .createQueryBuilder()
          .update(OutboxEntity)
          .set({ claimedUntil: until, attempts: () => 'attempts + 1' })
          .where('id = :id', { id: Number(id) })
          .andWhere(waiting(''))
          .execute();
        if (result.affected === 1) claimed.push(Number(id));
      }
      if (claimed.length === 0) return [];
      return repository.find({ where: claimed.map((id) => ({ id })), order: { id: 'ASC' } });
    });
  }

  /**
   * Bull's worker is about to run the row's job: it may unless a relay runs it in-process. Marks it dispatched
   * (a relay that handed it over and stopped before saying so leaves that to the worker).
   */
  takeForBull(id: number, now: Date): Promise<boolean> {
    return this.take(id, 'bull', now);
  }

  /** A relay is about to run the row's job itself: it may unless Bull's worker took it first. */
  takeForInProcess(id: number): Promise<boolean> {
    return this.take(id, 'in-process', null);
  }

  /** Bull took the job, or it ran in-process: dispatched, its payload emptied, the claim let go. */
  markDispatched(id: number, now: Date): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      await manager
        .getRepository(OutboxEntity)
        .createQueryBuilder()
        .update(OutboxEntity)
        .set({ dispatchedAt: () => 'COALESCE(dispatched_at, :now)', payload: '{}', claimedUntil: null })
        .setParameter('now', now)
        .where('id = :id', { id })
        .execute();
    });
  }

  /** The run failed: the error kept, and the row waits until `retryAt` (its backoff) before a relay takes it. */
  markFailed(id: number, error: string, retryAt: Date): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      await manager
        .getRepository(OutboxEntity)
        .update({ id, dispatchedAt: IsNull() }, { lastError: error.slice(0, 2000), claimedUntil: retryAt });
    });
  }

  /** Dispatched rows are kept a while (their dedupe keys with them), then forgotten. */
  deleteDispatchedBefore(before: Date): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      await manager.getRepository(OutboxEntity).delete({ dispatchedAt: LessThan(before) });
    });
  }

  private take(id: number, runner: 'bull' | 'in-process', dispatchedAt: Date | null): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const query = manager
        .getRepository(OutboxEntity)
        .createQueryBuilder()
        .update(OutboxEntity)
        .set({
          runner,
          ...(dispatchedAt && { dispatchedAt: () => 'COALESCE(dispatched_at, :now)' }),
        })
        .where('id = :id', { id })
        .andWhere('(runner IS NULL OR runner = :runner)', { runner });
      if (dispatchedAt) query.setParameter('now', dispatchedAt);
      const result = await query.execute();
      return result.affected === 1;
    });
  }
}
