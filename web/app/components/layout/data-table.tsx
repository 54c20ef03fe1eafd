import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import ui from '~/components/ui/ui.module.css';

export interface Column<T> {
  header: ReactNode;
  cell(row: T): ReactNode;
}

interface DataTableProps<T> {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string | number;
  /** The width under which the table scrolls sideways instead of squeezing (a phone). */
  minWidth?: number;
}

export function DataTable<T>({ label, columns, rows, rowKey, minWidth }: DataTableProps<T>) {
  const table = (
    <Table aria-label={label} striped verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th key={index}>{column.header}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column, index) => (
              <Table.Td key={index} className={ui.name}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (!minWidth) return table;
  // A region that scrolls is reached by the keyboard even when no cell holds a link or button.
  const viewportProps = { tabIndex: 0, role: 'group', 'aria-label': label };
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportProps }}>
      {table}
    </Table.ScrollContainer>
  );
}
