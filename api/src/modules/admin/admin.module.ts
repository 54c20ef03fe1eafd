import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminFiguresCache } from './admin-figures.cache.js';
import { AdminController } from './admin.controller.js';
import { AdminRepository } from './admin.repository.js';
import { AdminService } from './admin.service.js';
import { FailedJobsService } from './failed-jobs.service.js';

/** docs/product.md §2.11; the moderation actions stay with the modules they change, which record them. */
@Module({
  imports: [UsersModule, AuditModule],
  controllers: [AdminController],
  providers: [AdminService, AdminRepository, AdminFiguresCache, FailedJobsService],
})
export class AdminModule {}
