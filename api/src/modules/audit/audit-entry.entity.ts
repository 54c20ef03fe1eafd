import { Column, Entity, type Relation } from 'typeorm';
import type { AuditAction, AuditTargetType } from '@fitcoach/contracts';
import { ForeignId, References } from '../../common/database/relations.js';
import { RowEntity } from '../../common/database/row.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * One superuser action (ADR 023): written in the action's own transaction, never changed afterwards. Names are
 * kept as they were, so the entry reads the same after a rename or once the row is gone.
 */
@Entity({ name: 'audit_entry' })
export class AuditEntryEntity extends RowEntity {
  @ForeignId('actor_id', true)
  actorId: number | null;

  @References(() => UserEntity, 'audit_entry', 'actor_id', { onDelete: 'SET NULL' })
  actor?: Relation<UserEntity>;

  @Column({ name: 'actor_name', type: 'varchar', length: 511 })
  actorName: string;

  @Column({ type: 'varchar', length: 30 })
  action: AuditAction;

  @Column({ name: 'target_type', type: 'varchar', length: 20 })
  targetType: AuditTargetType;

  /** A user's or a programme's id, after `target_type`; no foreign key, so the entry outlives its target. */
  @Column({ name: 'target_id', type: 'integer' })
  targetId: number;

  @Column({ name: 'target_label', type: 'text' })
  targetLabel: string;

  @Column({ type: 'text', nullable: true })
  reason: string | null;
}
