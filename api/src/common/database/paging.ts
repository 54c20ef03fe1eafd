import { PAGINATION, type PaginationQueryDto } from '@fitcoach/contracts';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Page } from '../http/pagination.interceptor.js';

/** 1-based; its size already bounded by the query's validation. */
export interface Paging {
  page: number;
  pageSize: number;
}

export function pagingOf(
  query: PaginationQueryDto,
  defaultPageSize: number = PAGINATION.defaultPageSize,
): Paging {
  return { page: query.page ?? 1, pageSize: query.page_size ?? defaultPageSize };
}

/** The page `query` asks for: its rows read by `fetch`, each answered as `toItem` makes it, with the total. */
export async function pageOf<Row, Item>(
  query: PaginationQueryDto,
  fetch: (paging: Paging) => Promise<[Row[], number]>,
  toItem: (row: Row) => Item,
  defaultPageSize?: number,
): Promise<Page<Item>> {
  const paging = pagingOf(query, defaultPageSize);
  const [rows, total] = await fetch(paging);
  return { items: rows.map(toItem), total, ...paging };
}

/**
 * For queries whose joins are all many-to-one: getManyAndCount's DISTINCT count costs SQLite a temporary B-tree
 * whenever its plan does not meet the rows in id order.
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
