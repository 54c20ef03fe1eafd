import type { AuditEntryResponse } from '@fitcoach/contracts';
import type { AuditEntryEntity } from './audit-entry.entity.js';

export function toAuditEntryResponse(entry: AuditEntryEntity): AuditEntryResponse {
  return {
    id: entry.id,
    action: entry.action,
    actor: { id: entry.actorId, name: entry.actorName },
    target: { type: entry.targetType, id: entry.targetId, label: entry.targetLabel },
    reason: entry.reason,
    created_at: entry.createdAt.toISOString(),
  };
}
