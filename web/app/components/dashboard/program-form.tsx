import {
  CURRENCIES,
  CURRENCY_LABELS,
  DEFAULT_CURRENCY,
  DEFAULT_PROGRAM_CATEGORY,
  DEFAULT_PROGRAM_LEVEL,
  DEFAULT_PROGRAM_UNLOCK,
  NEW_PROGRAM_FIELDS,
  PROGRAM_CATEGORIES,
  PROGRAM_DURATION_DAYS,
  PROGRAM_LEVELS,
  PROGRAM_PRICE,
  type ProgramResponse,
  type ProgramUnlock,
  TEXT_MAX_LENGTH,
} from '@fitcoach/contracts';
import { NativeSelect, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { Form, useLocation } from '@remix-run/react';
import { FileField } from '~/components/forms/file-field';
import { FormActions } from '~/components/forms/form-actions';
import { formFields } from '~/components/forms/form-fields';
import { NumberField } from '~/components/forms/number-field';
import type { FormRejection } from '~/types/form';
import { LEVEL_LABELS } from '~/utils/catalogue';
import { INTENTS, viewSearch } from '~/utils/dashboard';

interface ProgramFormProps {
  program: ProgramResponse | null;
  result: FormRejection | undefined;
}

/** The form's values: the programme's fields under their contract names, a new programme's defaults. */
function initialValues(program: ProgramResponse | null): Record<string, string> {
  if (program) return Object.fromEntries(NEW_PROGRAM_FIELDS.map((name) => [name, String(program[name])]));
  return {
    ...Object.fromEntries(NEW_PROGRAM_FIELDS.map((name) => [name, ''])),
    category: DEFAULT_PROGRAM_CATEGORY,
    level: DEFAULT_PROGRAM_LEVEL,
    currency: DEFAULT_CURRENCY,
    unlock: DEFAULT_PROGRAM_UNLOCK,
  };
}

/** docs/product.md §2 "Create New Fitness Program": how a member's lessons open. */
const UNLOCK_OPTIONS: { value: ProgramUnlock; label: string }[] = [
  { value: 'all', label: 'All at once' },
  { value: 'daily', label: "One a day from the member's start" },
];

/** docs/product.md §2 "Create New Fitness Program", also for edits; limits of docs/product.md §5 via the contracts. */
export function ProgramForm({ program, result }: ProgramFormProps) {
  const { pathname } = useLocation();
  const { field, error } = formFields(result, initialValues(program));

  return (
    <Paper withBorder p="xl">
      <Title order={2} mb="lg">
        {program ? `Edit ${program.program_name}` : 'Create New Fitness Program'}
      </Title>
      <Form method="post" encType="multipart/form-data">
        <input type="hidden" name="intent" value={program ? INTENTS.updateProgram : INTENTS.createProgram} />
        {program ? <input type="hidden" name="program" value={program.id} /> : null}
        <Stack>
          <TextInput
            label="Program Name"
            {...field('program_name')}
            required
            maxLength={TEXT_MAX_LENGTH.programName}
          />
          <Textarea
            label="Description"
            {...field('description')}
            required
            autosize
            minRows={3}
            maxLength={TEXT_MAX_LENGTH.description}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberField
              label="Duration (days)"
              {...field('duration')}
              range={PROGRAM_DURATION_DAYS}
              required
            />
            {/* Cents and paise: the API refuses what the currency does not have (a yen price is whole). */}
            <NumberField label="Price" {...field('price')} range={PROGRAM_PRICE} step="0.01" required />
            {program ? (
              <TextInput label="Currency" value={program.currency} readOnly description="Set when created" />
            ) : (
              <NativeSelect
                label="Currency"
                {...field('currency')}
                data={CURRENCIES.map((currency) => ({ value: currency, label: CURRENCY_LABELS[currency] }))}
              />
            )}
            <NativeSelect label="Category" {...field('category')} data={[...PROGRAM_CATEGORIES]} />
            <NativeSelect
              label="Difficulty Level"
              {...field('level')}
              data={PROGRAM_LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] }))}
            />
            <NativeSelect
              label="Lessons open"
              description="Day 1 is the start date each member chooses."
              {...field('unlock')}
              data={UNLOCK_OPTIONS}
            />
          </SimpleGrid>
          <FileField
            name="cover_image"
            label="Cover Image"
            description={program ? 'Leave empty to keep the current cover.' : undefined}
            error={error('cover_image')}
          />
          <FormActions
            cancelLabel="Cancel"
            cancelTo={pathname + viewSearch({ name: 'programmes' })}
            submitLabel={program ? 'Save Program' : 'Create Program'}
          />
        </Stack>
      </Form>
    </Paper>
  );
}
