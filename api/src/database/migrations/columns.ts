import { type TableColumnOptions, TableForeignKey } from 'typeorm';

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

/** `fk_<table>_<column>` to the referenced table's id; rows go with the row they belong to. */
export function foreignKey(table: string, column: string, referenced: string): TableForeignKey {
  return new TableForeignKey({
    name: `fk_${table}_${column}`,
    columnNames: [column],
    referencedTableName: referenced,
    referencedColumnNames: ['id'],
    onDelete: 'CASCADE',
  });
}
