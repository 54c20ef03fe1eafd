import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import {
  type AdminStatsResponse,
  AuditQueryDto,
  PaginationQueryDto,
  PromoteSuperuserDto,
} from '@fitcoach/contracts';
import { Auth, type AuthContext, Roles } from '../../common/auth/auth.decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { PaginatedResponse } from '../../common/http/pagination.interceptor.js';
import { AuditService } from '../audit/audit.service.js';
import { SuperusersService } from '../users/superusers.service.js';
import { AdminService } from './admin.service.js';
import { FailedJobsService } from './failed-jobs.service.js';

/**
 * The admin panel's own endpoints (`/api/admin`), superusers only: the dashboard's figures, the audit log, the
 * management of superusers (Settings) and the jobs that failed for good.
 */
@Controller('admin')
@Roles('superuser')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly auditLog: AuditService,
    private readonly superusers: SuperusersService,
    private readonly failedJobs: FailedJobsService,
  ) {}

  @Get('stats')
  stats(): Promise<AdminStatsResponse> {
    return this.admin.stats();
  }

  /** Settings → Activity: the audit log, newest first, paged (ADR 023). */
  @Get('audit')
  @UseInterceptors(PaginatedResponse)
  audit(@Query() query: AuditQueryDto) {
    return this.auditLog.list(query);
  }

  @Get('superusers')
  @UseInterceptors(PaginatedResponse)
  listSuperusers(@Query() query: PaginationQueryDto) {
    return this.superusers.list(query);
  }

  @Post('superusers')
  @HttpCode(200)
  promote(@Auth() auth: AuthContext, @Body() dto: PromoteSuperuserDto) {
    return this.superusers.promote(auth, dto);
  }

  @Delete('superusers/:id')
  demote(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.superusers.demote(auth, id);
  }

  /** Failed Jobs: the dead letters, newest first, paged (docs/decisions/035-dead-letters-and-bounded-waits.md). */
  @Get('failedJobs')
  @UseInterceptors(PaginatedResponse)
  listFailedJobs(@Query() query: PaginationQueryDto) {
    return this.failedJobs.list(query);
  }

  @Post('failedJobs/:id/retry')
  @HttpCode(200)
  retryFailedJob(@Auth() auth: AuthContext, @Param('id', IdPipe) id: number) {
    return this.failedJobs.retry(auth, id);
  }
}
