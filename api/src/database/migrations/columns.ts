import {
  type MigrationInterface,
  type QueryRunner,
  Table,
  TableColumn,
  type TableColumnOptions,
  TableForeignKey,
  TableIndex,
} from 'typeorm';

/** Column shapes every table shares, written once so both dialects get the same schema. */
function idColumn(): TableColumnOptions {
  return { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
}

function createdAt(): TableColumnOptions {
  return { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
}

function updatedAt(): TableColumnOptions {
  return { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
}

/** A table of entity rows: its own columns between the `id` first and the `created_at`, `updated_at` last. */
export function entityTable(
  name: string,
  columns: TableColumnOptions[],
  keys: { indices?: TableIndex[]; foreignKeys?: TableForeignKey[] } = {},
): Table {
  return new Table({ name, columns: [idColumn(), ...columns, createdAt(), updatedAt()], ...keys });
}

export function index(name: string, columnNames: string[], { unique = false } = {}): TableIndex {
  return new TableIndex({ name, columnNames, isUnique: unique });
}

/**
 * `fk_<table>_<column>` to the referenced table's id; by default rows go with the row they belong to, `SET NULL`
 * keeps them without it.
 */
export function foreignKey(
  table: string,
  column: string,
  referenced: string,
  onDelete: 'CASCADE' | 'SET NULL' = 'CASCADE',
): TableForeignKey {
  return new TableForeignKey({
    name: `fk_${table}_${column}`,
    columnNames: [column],
    referencedTableName: referenced,
    referencedColumnNames: ['id'],
    onDelete,
  });
}

/** Indexes a migration adds to existing tables: made in order by `up`, dropped in reverse by `down`. */
export type IndexList = [table: string, index: TableIndex][];

export async function createIndexes(queryRunner: QueryRunner, added: IndexList): Promise<void> {
  for (const [table, made] of added) await queryRunner.createIndex(table, made);
}

export async function dropIndexes(queryRunner: QueryRunner, added: IndexList): Promise<void> {
  for (const [table, made] of [...added].reverse()) await queryRunner.dropIndex(table, made.name ?? '');
}

/** A migration that creates its tables in order, and drops them in the reverse order. */
export abstract class CreateTablesMigration implements MigrationInterface {
  protected abstract readonly tables: Table[];

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of this.tables) await queryRunner.createTable(table);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...this.tables].reverse()) await queryRunner.dropTable(table.name);
  }
}

/** A migration that adds columns to one table, and drops them in the reverse order. */
export abstract class AddColumnsMigration implements MigrationInterface {
  protected abstract readonly table: string;
  protected abstract readonly columns: TableColumnOptions[];

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns(
      this.table,
      this.columns.map((column) => new TableColumn(column)),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumns(this.table, this.columns.map((column) => column.name).reverse());
  }
}
