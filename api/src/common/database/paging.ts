import { PAGINATION, type PaginationQueryDto } from '@fitcoach/contracts';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** A page as the repositories take it: 1-based, its size already bounded by the query's validation. */
export interface Paging {
  page: number;
  pageSize: number;
}

/** The page a list query asks for; `defaultPageSize` for lists that predate pagination (`allTrainer`). */
export function pagingOf(
  query: PaginationQueryDto,
  defaultPageSize: number = PAGINATION.defaultPageSize,
): Paging {
  return { page: query.page ?? 1, pageSize: query.page_size ?? defaultPageSize };
}

/**
 * A page of `query`'s rows and its total, for queries whose joins are all many-to-one. The total is COUNT(*) of the
 * same rows: TypeORM's getManyAndCount counts DISTINCT ids, which SQLite computes through a temporary B-tree whenever
 * its plan does not meet the rows in id order.
 */
export async function pageAndTotal<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  { page, pageSize }: Paging,
): Promise<[T[], number]> {
  // One after the other, so a page takes one of the pool's connections at a time, not two.
  const counted = await query
    .clone()
    .orderBy()
    .limit(undefined)
    .offset(undefined)
    .select('COUNT(*)', 'total')
    .getRawOne<{ total: number | string }>();
  const found = await query
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .getMany();
  return [found, Number(counted?.total ?? 0)];
}
