import {
  DEFAULT_PROGRAM_CATEGORY,
  DEFAULT_PROGRAM_LEVEL,
  htmlRange,
  PROGRAM_CATEGORIES,
  PROGRAM_DURATION_DAYS,
  PROGRAM_LEVELS,
  PROGRAM_PRICE,
  type ProgramResponse,
  TEXT_MAX_LENGTH,
} from '@fitcoach/contracts';
import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import { FileField } from '~/components/forms/file-field';
import type { FormRejection } from '~/types/form';
import { LEVEL_LABELS } from '~/utils/catalogue';
import { INTENTS, viewSearch } from '~/utils/dashboard';

interface ProgrammeFormProps {
  /** The programme being edited; none for a new one. */
  programme: ProgramResponse | null;
  /** The answer to the last submission of this form, when it was refused. */
  result: FormRejection | undefined;
}

function initialValues(programme: ProgramResponse | null): Record<string, string> {
  return {
    program_name: programme?.program_name ?? '',
    description: programme?.description ?? '',
    duration: programme ? String(programme.duration) : '',
    price: programme ? String(programme.price) : '',
    category: programme?.category ?? DEFAULT_PROGRAM_CATEGORY,
    level: programme?.level ?? DEFAULT_PROGRAM_LEVEL,
  };
}

/** SPEC §2 "Create New Fitness Program", also used to edit a programme. Limits from SPEC §5 via the contracts. */
export function ProgrammeForm({ programme, result }: ProgrammeFormProps) {
  const { pathname } = useLocation();
  const saving = useNavigation().state === 'submitting';
  const values = { ...initialValues(programme), ...result?.values };
  const errors = result?.errors ?? {};

  return (
    <Paper withBorder p="xl">
      <Title order={2} mb="lg">
        {programme ? `Edit ${programme.program_name}` : 'Create New Fitness Program'}
      </Title>
      <Form method="post" encType="multipart/form-data">
        <input
          type="hidden"
          name="intent"
          value={programme ? INTENTS.updateProgramme : INTENTS.createProgramme}
        />
        {programme ? <input type="hidden" name="program" value={programme.id} /> : null}
        <Stack>
          <TextInput
            label="Program Name"
            name="program_name"
            required
            maxLength={TEXT_MAX_LENGTH.programName}
            defaultValue={values.program_name}
            error={errors.program_name}
          />
          <Textarea
            label="Description"
            name="description"
            required
            autosize
            minRows={3}
            maxLength={TEXT_MAX_LENGTH.description}
            defaultValue={values.description}
            error={errors.description}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Duration (days)"
              name="duration"
              type="number"
              step={1}
              required
              {...htmlRange(PROGRAM_DURATION_DAYS)}
              defaultValue={values.duration}
              error={errors.duration}
            />
            <TextInput
              label="Price"
              name="price"
              type="number"
              step={1}
              required
              {...htmlRange(PROGRAM_PRICE)}
              defaultValue={values.price}
              error={errors.price}
            />
            <NativeSelect
              label="Category"
              name="category"
              data={[...PROGRAM_CATEGORIES]}
              defaultValue={values.category}
              error={errors.category}
            />
            <NativeSelect
              label="Difficulty Level"
              name="level"
              data={PROGRAM_LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] }))}
              defaultValue={values.level}
              error={errors.level}
            />
          </SimpleGrid>
          <FileField
            name="cover_image"
            label="Cover Image"
            description={programme ? 'Leave empty to keep the current cover.' : undefined}
            error={errors.cover_image}
          />
          <Group justify="flex-end">
            <Button component={Link} to={pathname + viewSearch({ name: 'programmes' })} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {programme ? 'Save Program' : 'Create Program'}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
