import { Controller, Get } from '@nestjs/common';
import type { AdminStatsResponse } from '@fitcoach/contracts';
import { Roles } from '../../common/auth/auth.decorators.js';
import { AdminService } from './admin.service.js';

/** The admin panel's own reads (`/api/admin`), superusers only. */
@Controller('admin')
@Roles('superuser')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('stats')
  stats(): Promise<AdminStatsResponse> {
    return this.admin.stats();
  }
}
