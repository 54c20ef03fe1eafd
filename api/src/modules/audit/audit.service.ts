import { Injectable } from '@nestjs/common';
import {
  type AuditAction,
  type AuditEntryResponse,
  type AuditQueryDto,
  type AuditTargetType,
  fullName,
} from '@fitcoach/contracts';
import type { EntityManager } from 'typeorm';
import type { AuthContext } from '../../common/auth/auth.decorators.js';
import { pagingOf } from '../../common/database/paging.js';
import type { Page } from '../../common/http/pagination.interceptor.js';
import { toAuditEntryResponse } from './audit.mapper.js';
import { AuditRepository } from './audit.repository.js';

export interface AuditRecord {
  action: AuditAction;
  target: { type: AuditTargetType; id: number; label: string };
  reason?: string;
}

/** Recorded inside the action's transaction, so an action never commits without its entry (ADR 023). */
@Injectable()
export class AuditService {
  constructor(private readonly entries: AuditRepository) {}

  record(
    manager: EntityManager,
    auth: AuthContext,
    { action, target, reason }: AuditRecord,
  ): Promise<number> {
    return this.entries.insert(manager, {
      actorId: auth.user.id,
      actorName: fullName(auth.user.firstName, auth.user.lastName),
      action,
      targetType: target.type,
      targetId: target.id,
      targetLabel: target.label,
      reason: reason ?? null,
    });
  }

  async list(query: AuditQueryDto): Promise<Page<AuditEntryResponse>> {
    const { action, actor } = query;
    const paging = pagingOf(query);
    const [rows, total] = await this.entries.page({ action, actorId: actor }, paging);
    const filters = { action, actor: actor === undefined ? undefined : String(actor) };
    return { items: rows.map(toAuditEntryResponse), total, ...paging, filters };
  }
}
