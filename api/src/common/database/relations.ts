import { Column, JoinColumn, ManyToOne, type ObjectType, OneToOne } from 'typeorm';

interface ReferenceOptions {
  /** One row of this table per referenced row (a profile, a trainer) rather than many. */
  one?: boolean;
  /** What deleting the referenced row does to this one: deletes it (the default), or empties the column. */
  onDelete?: 'CASCADE' | 'SET NULL';
}

/** The integer column holding another row's id (docs/architecture.md §4), nullable where the row may be gone. */
export function ForeignId(column: string, nullable = false): PropertyDecorator {
  return Column({ name: column, type: 'integer', ...(nullable ? { nullable } : {}) });
}

/**
 * The row `column` of `table` points to, through the constraint `fk_<table>_<column>` the migrations create: every
 * reference of the schema is declared alike, so the entities and the migrations cannot disagree on a name.
 */
export function References<T>(
  target: () => ObjectType<T>,
  table: string,
  column: string,
  { one = false, onDelete = 'CASCADE' }: ReferenceOptions = {},
): PropertyDecorator {
  const join = JoinColumn({ name: column, foreignKeyConstraintName: `fk_${table}_${column}` });
  const relation = one ? OneToOne(target, { onDelete }) : ManyToOne(target, { onDelete });
  return (prototype, property) => {
    join(prototype, property);
    relation(prototype, property);
  };
}
