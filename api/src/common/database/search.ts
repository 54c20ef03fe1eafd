import { Brackets, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';

const MAX_WORDS = 5;

const containing = (word: string) => `%${word.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** Case-insensitive: SQLite's LIKE for ASCII letters, MySQL through the database's collation. */
export function whereEveryWordIn<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  columns: readonly string[],
  search: string | undefined,
): SelectQueryBuilder<T> {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  words.forEach((word, index) => {
    const parameter = `word${index}`;
    query.andWhere(
      new Brackets((anyColumn) => {
        for (const column of columns) {
          anyColumn.orWhere(`${column} LIKE :${parameter} ESCAPE '!'`, { [parameter]: containing(word) });
        }
      }),
    );
  });
  return query;
}
