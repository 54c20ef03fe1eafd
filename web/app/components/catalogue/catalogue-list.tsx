import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CATALOGUE_PAGE_SIZE } from '~/utils/catalogue';
import classes from './catalogue.module.css';
import { Pager } from './pager';

/** The cards of the grid's first row on the widest screen: the others' images load as they near the view. */
export const FIRST_ROW = 3;

interface CatalogueListProps<T> {
  page: number;
  /**
   * The page's items and the list's total; null when the API failed (docs/product.md §8: a message, not an error
   * page).
   */
  list: { items: T[]; total: number } | null;
  /** What an empty list says. */
  empty: string;
  /** The card of an item, by its place in the list. */
  children: (item: T, index: number) => ReactNode;
}

/** A catalogue page's list: its cards in a grid, with "Previous" and "Next". */
export function CatalogueList<T>({ page, list, empty, children }: CatalogueListProps<T>) {
  if (list === null) return <Alert color="red">Sorry Something went wrong</Alert>;
  return (
    <>
      {list.items.length === 0 ? <Text c="dimmed">{empty}</Text> : null}
      <div className={classes.grid}>{list.items.map(children)}</div>
      <Pager page={page} pageSize={CATALOGUE_PAGE_SIZE} total={list.total} />
    </>
  );
}
