import type { ProgramResponse, ProgramStatus } from '@fitcoach/contracts';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { Form, Link, useSearchParams } from '@remix-run/react';
import { SubmitButton } from '~/components/forms/form-actions';
import { type Column, DataTable } from '~/components/layout/data-table';

export const PROGRAM_STATUS_LABELS: Readonly<Record<ProgramStatus, string>> = {
  draft: 'Draft',
  pending: 'Pending',
  published: 'Published',
  blocked: 'Blocked',
};

const STATUS_COLORS: Readonly<Record<ProgramStatus, string>> = {
  draft: 'gray',
  pending: 'yellow',
  published: 'green',
  blocked: 'red',
};

/** The superusers' lists always carry `status`; a programme without one reads as its flag says. */
const statusOf = (program: ProgramResponse): ProgramStatus =>
  program.status ?? (program.is_published ? 'published' : 'draft');

function useTrainerLink() {
  const [search] = useSearchParams();
  return (trainer: number) => {
    const next = new URLSearchParams(search);
    next.delete('page');
    next.set('trainer', String(trainer));
    return `?${next}`;
  };
}

export function ProgramsTable({ programs }: { programs: ProgramResponse[] }) {
  const trainerLink = useTrainerLink();
  const columns: Column<ProgramResponse>[] = [
    {
      header: 'Name',
      cell: (program) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/programDetails/${program.id}`}>
            {program.program_name}
          </Anchor>
          <Text size="xs" c="dimmed">
            by{' '}
            <Anchor
              component={Link}
              to={trainerLink(program.trainer)}
              inherit
              aria-label={`Programs by ${program.trainer_name}`}
            >
              {program.trainer_name}
            </Anchor>
          </Text>
        </Stack>
      ),
    },
    { header: 'Category', cell: (program) => program.category },
    { header: 'Duration', cell: (program) => `${program.duration} days` },
    {
      header: 'Status',
      cell: (program) => (
        <Badge color={STATUS_COLORS[statusOf(program)]} variant="light">
          {PROGRAM_STATUS_LABELS[statusOf(program)]}
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
  return (
    <>
      <DataTable label="Programs" columns={columns} rows={programs} rowKey={(program) => program.id} />
      {programs.length === 0 ? <Text c="dimmed">No programmes.</Text> : null}
    </>
  );
}
