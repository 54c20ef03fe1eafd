import { PROGRAM_STATUSES, type ProgramResponse } from '@fitcoach/contracts';
import { Button, Group, NativeSelect } from '@mantine/core';
import { Form, useSearchParams } from '@remix-run/react';
import { PROGRAM_STATUS_LABELS } from './programs-table';

interface ProgramsFilterProps {
  trainers: { id: number; name: string }[];
  /** The page's programmes: they name the chosen trainer when the list above does not (a blocked trainer). */
  programs: ProgramResponse[];
}

/** A GET form, so the filters work without JavaScript and give a URL to share. */
export function ProgramsFilter({ trainers, programs }: ProgramsFilterProps) {
  const [search] = useSearchParams();
  const status = search.get('status') ?? '';
  const trainer = search.get('trainer') ?? '';
  const chosen = programs.find((program) => String(program.trainer) === trainer);
  const options = [...trainers];
  if (trainer && !options.some((option) => String(option.id) === trainer)) {
    options.push({ id: Number(trainer), name: chosen?.trainer_name ?? `Trainer ${trainer}` });
  }
  return (
    <Form method="get" role="search" aria-label="Filter programs">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Status"
          name="status"
          defaultValue={PROGRAM_STATUSES.some((known) => known === status) ? status : ''}
          data={[
            { value: '', label: 'Any status' },
            ...PROGRAM_STATUSES.map((value) => ({ value, label: PROGRAM_STATUS_LABELS[value] })),
          ]}
        />
        <NativeSelect
          label="Trainer"
          name="trainer"
          defaultValue={options.some((option) => String(option.id) === trainer) ? trainer : ''}
          data={[
            { value: '', label: 'Any trainer' },
            ...options.map((option) => ({ value: String(option.id), label: option.name })),
          ]}
        />
        <Button type="submit">Filter</Button>
      </Group>
    </Form>
  );
}
