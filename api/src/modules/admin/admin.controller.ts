import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  type AdminStatsResponse,
  AuditQueryDto,
  PaginationQueryDto,
  PromoteSuperuserDto,
} from '@fitcoach/contracts';
import { Auth, type AuthContext, Roles } from '../../common/auth/auth.decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { PagedGet } from '../../common/http/paged-get.js';
import { AuditService } from '../audit/audit.service.js';
import { SuperusersService } from '../users/superusers.service.js';
import { AdminService } from './admin.service.js';
import { FailedJobsService } from './failed-jobs.service.js';
import { ApiTags } from '@nestjs/swagger';
import { OBJECT, PAGE, SUPERUSER, USER_BRIEFS, message, pagedList } from '../../common/openapi/answers.js';
import { RouteDoc } from '../../common/openapi/route-doc.js';

/**
 * The admin panel's own endpoints (`/api/admin`), superusers only: the dashboard's figures, the audit log, the
 * management of superusers (Settings) and the jobs that failed for good.
 */
@ApiTags('admin')
@Controller('admin')
@Roles('superuser')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly auditLog: AuditService,
    private readonly superusers: SuperusersService,
    private readonly failedJobs: FailedJobsService,
  ) {}

  @RouteDoc({
    summary: "The dashboard's figures",
    ...SUPERUSER,
    notes: 'Totals, top programmes, who is online and the last 30 days; revenue counts completed payments.',
    ok: {
      status: 200,
      description: 'totals, top_programs, online_users, online_trainers, days',
      schema: OBJECT,
    },
  })
  @Get('stats')
  stats(): Promise<AdminStatsResponse> {
    return this.admin.stats();
  }

  /** Settings → Activity: the audit log, newest first, paged (ADR 023). */
  @PagedGet('audit', {
    summary: 'The audit log, newest first, paged',
    ...SUPERUSER,
    query: AuditQueryDto,
    ok: { status: 200, description: 'Entries: action, actor, target, reason, created_at', schema: PAGE },
    refusals: { 400: 'An unknown action, a malformed actor or page' },
  })
  audit(@Query() query: AuditQueryDto) {
    return this.auditLog.list(query);
  }

  @PagedGet('superusers', {
    summary: 'The superusers, paged',
    ...SUPERUSER,
    ...pagedList('The newest accounts first', USER_BRIEFS),
  })
  listSuperusers(@Query() query: PaginationQueryDto) {
    return this.superusers.list(query);
  }

  @RouteDoc({
    summary: 'Make an account a superuser',
    ...SUPERUSER,
    notes: 'A verified member, neither blocked nor a trainer; recorded in the audit log.',
    body: PromoteSuperuserDto,
    ok: message('"{name} is now a superuser"'),
    refusals: {
      404: 'No account has this e-mail address',
      409: 'A superuser already, a trainer, a blocked or an unverified account',
    },
  })
  @Post('superusers')
  @HttpCode(200)
  promote(@Auth() auth: AuthContext, @Body() dto: PromoteSuperuserDto) {
    return this.superusers.promote(auth, dto);
  }

  @RouteDoc({
    summary: 'Remove a superuser',
    ...SUPERUSER,
    notes: 'The account stays, as a member; recorded in the audit log.',
    ok: message('"{name} is no longer a superuser"'),
    refusals: { 404: 'Unknown account', 409: 'The last superuser, or not a superuser' },
  })
  @Delete('superusers/:id')
  demote(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.superusers.demote(auth, id);
  }

  /** Failed Jobs: the dead letters, newest first, paged (docs/decisions/035-dead-letters-and-bounded-waits.md). */
  @PagedGet('failedJobs', {
    summary: 'Jobs that failed their last attempt, paged',
    ...SUPERUSER,
    ...pagedList('Newest first'),
  })
  listFailedJobs(@Query() query: PaginationQueryDto) {
    return this.failedJobs.list(query);
  }

  @RouteDoc({
    summary: 'Queue a failed job again',
    ...SUPERUSER,
    notes: 'Through the outbox; recorded as `retry_job` in the audit log.',
    ok: message('"Job queued again"'),
    refusals: { 404: 'Unknown failed job', 409: 'Retried already, or no handler for it any more' },
  })
  @Post('failedJobs/:id/retry')
  @HttpCode(200)
  retryFailedJob(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.failedJobs.retry(auth, id);
  }
}
