import { DataSource, EntitySchema } from 'typeorm';

export interface MemoryRow {
  id: number;
  text: string;
}

/** For unit tests of code that watches writes: tables named as the application's, each an id and a text. */
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
