import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  FAILED_JOB_MESSAGES,
  type FailedJobResponse,
  type JobPayloads,
  type MessageResponse,
  type PaginationQueryDto,
} from '@fitcoach/contracts';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { pageOf } from '../../common/database/paging.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import type { FailedJobEntity } from '../../common/jobs/failed-job.entity.js';
import { FailedJobRepository } from '../../common/jobs/failed-job.repository.js';
import { JobsService } from '../../common/jobs/jobs.service.js';
import { OutboxService } from '../../common/jobs/outbox.service.js';
import { AuditService } from '../audit/audit.service.js';

function toFailedJobResponse(row: FailedJobEntity): FailedJobResponse {
  return {
    id: row.id,
    queue: row.queue,
    name: row.jobName,
    job_id: row.jobId,
    runner: row.runner,
    attempts: row.attempts,
    last_error: row.lastError,
    failed_at: row.createdAt.toISOString(),
    retried_at: row.retriedAt?.toISOString() ?? null,
  };
}

/** Retried through the outbox in one transaction with its audit entry, so it is recorded, and run, once (ADR 035). */
@Injectable()
export class FailedJobsService {
  constructor(
    private readonly rows: FailedJobRepository,
    private readonly jobs: JobsService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
  ) {}

  list(query: PaginationQueryDto): Promise<Page<FailedJobResponse>> {
    return pageOf(query, (paging) => this.rows.page(paging), toFailedJobResponse);
  }

  retry(auth: AuthContext, id: number): Promise<MessageResponse> {
    return this.rows.transaction(async (manager) => {
      const row = await this.rows.findById(manager, id);
      if (!row) throw new NotFoundException(FAILED_JOB_MESSAGES.notFound);
      const name = row.jobName;
      if (!this.jobs.handles(name)) throw new ConflictException(FAILED_JOB_MESSAGES.noHandler);
      if (!(await this.rows.markRetried(manager, id, new Date()))) {
        throw new ConflictException(FAILED_JOB_MESSAGES.alreadyRetried);
      }
      await this.outbox.add(manager, name, JSON.parse(row.payload) as JobPayloads[typeof name], {
        dedupeKey: `failed-job-${id}`,
      });
      await this.audit.record(manager, auth, {
        action: 'retry_job',
        target: { type: 'failed_job', id, label: `${row.jobName} (${row.queue} queue)` },
      });
      return { message: FAILED_JOB_MESSAGES.retried };
    });
  }
}
