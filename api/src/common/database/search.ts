import { Brackets, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';

/** At most this many words of a search are looked for. */
const MAX_WORDS = 5;

/** `%word%` for `LIKE … ESCAPE '!'`: the word's own `%`, `_` and `!` match only themselves. */
const containing = (word: string) => `%${word.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * Keeps the rows where each word of `search` is contained in one of `columns`. Case does not matter: SQLite's LIKE
 * ignores it for ASCII letters and MySQL compares with the database's case-insensitive collation.
 */
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
