import type { ProgramResponse } from '@fitcoach/contracts';
import { Anchor, Badge, Text } from '@mantine/core';
import { Form, Link } from '@remix-run/react';
import { SubmitButton } from '~/components/forms/form-actions';
import { type Column, DataTable } from '~/components/layout/data-table';

const COLUMNS: Column<ProgramResponse>[] = [
  {
    header: 'Name',
    cell: (program) => (
      <Anchor component={Link} to={`/programDetails/${program.id}`}>
        {program.program_name}
      </Anchor>
    ),
  },
  { header: 'Category', cell: (program) => program.category },
  { header: 'Duration', cell: (program) => `${program.duration} days` },
  {
    header: 'Status',
    cell: (program) => (
      <Badge color={program.is_published ? 'green' : 'gray'} variant="light">
        {program.is_published ? 'Published' : 'Not published'}
      </Badge>
    ),
  },
  {
    header: 'Change',
    cell: (program) => (
      <Form method="post" preventScrollReset>
        <input type="hidden" name="id" value={program.id} />
        <SubmitButton size="xs" color={program.is_published ? 'red' : undefined}>
          {program.is_published ? 'Block' : 'Publish'}
        </SubmitButton>
      </Form>
    ),
  },
];

/** docs/product.md §2.11 Programs: Name, Category, Duration, Status and Change (Block if published, else Publish). */
export function ProgramsTable({ programs }: { programs: ProgramResponse[] }) {
  return (
    <>
      <DataTable label="Programs" columns={COLUMNS} rows={programs} rowKey={(program) => program.id} />
      {programs.length === 0 ? <Text c="dimmed">No programmes.</Text> : null}
    </>
  );
}
