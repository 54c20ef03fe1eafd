import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { type AdminStatsResponse, AuditQueryDto } from '@fitcoach/contracts';
import { Roles } from '../../common/auth/auth.decorators.js';
import { PaginatedResponse } from '../../common/http/pagination.interceptor.js';
import { AuditService } from '../audit/audit.service.js';
import { AdminService } from './admin.service.js';

/** The admin panel's own reads (`/api/admin`), superusers only. */
@Controller('admin')
@Roles('superuser')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly auditLog: AuditService,
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
}
