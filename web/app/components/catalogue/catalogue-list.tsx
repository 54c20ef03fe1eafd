import { Alert } from '@mantine/core';
import ui from '~/components/ui/ui.module.css';
import type { ReactNode } from 'react';
import { CATALOGUE_PAGE_SIZE } from '~/utils/catalogue';
import classes from './catalogue.module.css';
import { Pager } from './pager';

/** The cards of the grid's first row on the widest screen: the others' images load as they near the view. */
export const FIRST_ROW = 3;

interface CatalogueListProps<T> {
  page: number;
  /** Null when the API failed: a message, not an error page (docs/product.md §8). */
  list: { items: T[]; total: number } | null;
  empty: string;
  children: (item: T, index: number) => ReactNode;
}

export function CatalogueList<T>({ page, list, empty, children }: CatalogueListProps<T>) {
  if (list === null) return <Alert color="red">Sorry Something went wrong</Alert>;
  return (
    <>
      {list.items.length === 0 ? <p className={`${ui.text} ${classes.intro}`}>{empty}</p> : null}
      <div className={classes.grid}>{list.items.map(children)}</div>
      <Pager page={page} pageSize={CATALOGUE_PAGE_SIZE} total={list.total} />
    </>
  );
}
