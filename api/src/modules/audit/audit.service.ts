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

/** What a superuser did: the action, to which row (named as it is now), and why when they said. */
export interface AuditRecord {
  action: AuditAction;
  target: { type: AuditTargetType; id: number; label: string };
  reason?: string;
}

/**
 * The audit log (ADR 023): every superuser action is recorded by the module that performs it, inside the action's
 * transaction, so an action without its entry (or an entry without its action) never commits. Superusers read it.
 */
@Injectable()
export class AuditService {
  constructor(private readonly entries: AuditRepository) {}

  /** Records `auth`'s action within `manager`'s transaction; the new entry's id. */
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

  /** The log, newest first, of one action or one actor when asked. */
  async list(query: AuditQueryDto): Promise<Page<AuditEntryResponse>> {
    const { action, actor } = query;
    const paging = pagingOf(query);
    const [rows, total] = await this.entries.page({ action, actorId: actor }, paging);
    const filters = { action, actor: actor === undefined ? undefined : String(actor) };
    return { items: rows.map(toAuditEntryResponse), total, ...paging, filters };
  }
}
