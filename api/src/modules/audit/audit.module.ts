import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEntryEntity } from './audit-entry.entity.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

/** ADR 023: the modules that act record; the admin module reads. */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntryEntity])],
  providers: [AuditService, AuditRepository],
  exports: [AuditService],
})
export class AuditModule {}
