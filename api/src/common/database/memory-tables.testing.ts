import { DataSource, EntitySchema } from 'typeorm';

/** A row of a table made by `memoryTables`: an id and a text. */
export interface MemoryRow {
  id: number;
  text: string;
}

/**
 * For unit tests of code that watches writes: an in-memory SQLite database whose tables (named as the
 * application's) each hold an id and a text, with an entity per table for TypeORM's repositories.
 */
export async function memoryTables<T extends string>(
  ...names: T[]
): Promise<{ dataSource: DataSource; tables: Record<T, EntitySchema<MemoryRow>> }> {
  const tables = Object.fromEntries(
    names.map((name) => [
      name,
      new EntitySchema<MemoryRow>({
        name,
        tableName: name,
        columns: { id: { type: Number, primary: true, generated: true }, text: { type: String } },
      }),
    ]),
  ) as Record<T, EntitySchema<MemoryRow>>;
  const dataSource = new DataSource({
    type: 'better-sqlite3',
    database: ':memory:',
    entities: Object.values(tables),
  });
  await dataSource.initialize();
  for (const name of names) {
    await dataSource.query(
      `CREATE TABLE ${name} (id INTEGER PRIMARY KEY AUTOINCREMENT, text VARCHAR NOT NULL)`,
    );
  }
  return { dataSource, tables };
}
