import { Column, JoinColumn, ManyToOne, type ObjectType, OneToOne } from 'typeorm';

interface ReferenceOptions {
  /** One row of this table per referenced row (a profile, a trainer) rather than many. */
  one?: boolean;
  onDelete?: 'CASCADE' | 'SET NULL';
}

/** docs/architecture.md §4. */
export function ForeignId(column: string, nullable = false): PropertyDecorator {
  return Column({ name: column, type: 'integer', ...(nullable ? { nullable } : {}) });
}

/** Names the constraint `fk_<table>_<column>` as the migrations do, so the two cannot disagree. */
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
