import type { TableColumnOptions } from 'typeorm';

/** Column shapes every table shares, written once so both dialects get the same schema. */
export function idColumn(): TableColumnOptions {
  return { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
}

export function createdAt(): TableColumnOptions {
  return { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
}

export function updatedAt(): TableColumnOptions {
  return { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
}
