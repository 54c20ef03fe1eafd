import { CreateTablesMigration, entityTable, foreignKey, index } from './columns.js';

/**
 * The audit log of superuser actions (ADR 023): who (`actor_id`, and the name they had), what (`action`), to which
 * account or programme (`target_type`, `target_id`, and its name then), why (`reason`) and when. Entries are never
 * changed; an actor's account that goes leaves its entries with a null `actor_id`. The log is read newest first,
 * whole or for one action or one actor: `idx_audit_entry_action_id` and `idx_audit_entry_actor_id_id`.
 */
export class CreateAuditEntry1764115200000 extends CreateTablesMigration {
  name = 'CreateAuditEntry1764115200000';

  protected readonly tables = [
    entityTable(
      'audit_entry',
      [
        { name: 'actor_id', type: 'integer', isNullable: true },
        { name: 'actor_name', type: 'varchar', length: '511' },
        { name: 'action', type: 'varchar', length: '30' },
        { name: 'target_type', type: 'varchar', length: '20' },
        { name: 'target_id', type: 'integer' },
        { name: 'target_label', type: 'text' },
        { name: 'reason', type: 'text', isNullable: true },
      ],
      {
        indices: [
          index('idx_audit_entry_action_id', ['action', 'id']),
          index('idx_audit_entry_actor_id_id', ['actor_id', 'id']),
        ],
        foreignKeys: [foreignKey('audit_entry', 'actor_id', 'user', 'SET NULL')],
      },
    ),
  ];
}
