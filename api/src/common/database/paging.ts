import { PAGINATION, type PaginationQueryDto } from '@fitcoach/contracts';

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
