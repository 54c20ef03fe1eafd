import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { AuditAction } from '@fitcoach/contracts';
import type { Paging } from '../../common/database/paging.js';
import { AuditEntryEntity } from './audit-entry.entity.js';

export type NewAuditEntry = Pick<
  AuditEntryEntity,
  'actorId' | 'actorName' | 'action' | 'targetType' | 'targetId' | 'targetLabel' | 'reason'
>;

export interface AuditFilter {
  action?: AuditAction;
  actorId?: number;
}

@Injectable()
export class AuditRepository {
  constructor(@InjectRepository(AuditEntryEntity) private readonly entries: Repository<AuditEntryEntity>) {}

  /** The entry commits, or rolls back, with the action. */
  async insert(manager: EntityManager, entry: NewAuditEntry): Promise<number> {
    const inserted = await manager.insert(AuditEntryEntity, entry);
    return Number(inserted.identifiers[0]?.id);
  }

  page({ action, actorId }: AuditFilter, { page, pageSize }: Paging): Promise<[AuditEntryEntity[], number]> {
    return this.entries.findAndCount({
      where: { ...(action !== undefined && { action }), ...(actorId !== undefined && { actorId }) },
      order: { id: 'DESC' },
      take: pageSize,
      skip: (page - 1) * pageSize,
    });
  }
}
