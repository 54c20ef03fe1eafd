import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, IsNull } from 'typeorm';
import type { Paging } from '../database/paging.js';
import { FailedJobEntity } from './failed-job.entity.js';

/** A dead letter as the recorder writes it. */
export type NewFailedJob = Pick<
  FailedJobEntity,
  'queue' | 'jobName' | 'jobId' | 'runner' | 'payload' | 'requestId' | 'attempts' | 'lastError'
>;

/**
 * The dead letters' narrow queries (docs/decisions/035-dead-letters-and-bounded-waits.md). `record` runs in a
 * transaction of its own, as the outbox relay's writes do (docs/decisions/031-jobs-outbox.md): on SQLite one
 * connection serves every request, and a write outside a transaction would land inside a request's open one.
 */
@Injectable()
export class FailedJobRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(row: NewFailedJob): Promise<void> {
    await this.dataSource.transaction((manager) => manager.insert(FailedJobEntity, row));
  }

  /** Newest first. */
  page({ page, pageSize }: Paging): Promise<[FailedJobEntity[], number]> {
    return this.dataSource.getRepository(FailedJobEntity).findAndCount({
      order: { id: 'DESC' },
      take: pageSize,
      skip: (page - 1) * pageSize,
    });
  }

  /** Runs `work` in one transaction; the manager-taking methods join it. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  findById(manager: EntityManager, id: number): Promise<FailedJobEntity | null> {
    return manager.findOneBy(FailedJobEntity, { id });
  }

  /**
   * Marks the row queued again and empties its payload, only if nobody did before: false when another superuser's
   * retry came first.
   */
  async markRetried(manager: EntityManager, id: number, at: Date): Promise<boolean> {
    const result = await manager.update(
      FailedJobEntity,
      { id, retriedAt: IsNull() },
      { retriedAt: at, payload: '{}' },
    );
    return result.affected === 1;
  }
}
