import { type LessonResponse, TEXT_MAX_LENGTH } from '@fitcoach/contracts';
import { Modal, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { Form, useNavigate } from '@remix-run/react';
import { FileField } from '~/components/forms/file-field';
import { FormActions } from '~/components/forms/form-actions';
import { formFields } from '~/components/forms/form-fields';
import { NumberField } from '~/components/forms/number-field';
import type { FormRejection } from '~/types/form';
import { INTENTS } from '~/utils/dashboard';
import { useHydrated } from '~/utils/use-hydrated';

interface LessonFormProps {
  programId: number;
  lesson: LessonResponse | 'new';
  nextNumber: number;
  result: FormRejection | undefined;
  closeTo: string;
}

function LessonFields({ programId, lesson, nextNumber, result, closeTo }: LessonFormProps) {
  const editing = lesson === 'new' ? null : lesson;
  const { field, error } = formFields(result, {
    title: editing?.title ?? '',
    lesson_number: String(editing?.number ?? nextNumber),
    video_url: editing?.video_url ?? '',
    description: editing?.description ?? '',
  });
  return (
    <Form method="post" encType="multipart/form-data">
      <input type="hidden" name="intent" value={INTENTS.saveLesson} />
      <input type="hidden" name="program" value={programId} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <Stack>
        <TextInput label="Title" {...field('title')} required maxLength={TEXT_MAX_LENGTH.lessonTitle} />
        <NumberField label="Lesson Number" {...field('lesson_number')} range={{ min: 1 }} required />
        <TextInput
          label="Youtube URL"
          {...field('video_url')}
          type="url"
          placeholder="https://www.youtube.com/watch?v=..."
          required
        />
        <FileField
          name="image"
          label="Image"
          description={editing?.image ? 'Leave empty to keep the current image.' : undefined}
          error={error('image')}
        />
        <Textarea
          label="Description"
          {...field('description')}
          autosize
          minRows={3}
          maxLength={TEXT_MAX_LENGTH.description}
        />
        <FormActions
          cancelLabel="Cancel"
          cancelTo={closeTo}
          preventScrollReset
          submitLabel={editing ? 'Save Lesson' : 'Add Lesson'}
        />
      </Stack>
    </Form>
  );
}

type LessonEditorProps = Omit<LessonFormProps, 'lesson'> & {
  lesson: LessonFormProps['lesson'] | null;
};

/** docs/product.md §2 "Add Lesson": a modal with JavaScript, the same form in the page without it. */
export function LessonEditor({ lesson, ...props }: LessonEditorProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const title = lesson === 'new' ? 'Add Lesson' : 'Edit Lesson';
  const fields = lesson === null ? null : <LessonFields lesson={lesson} {...props} />;
  if (hydrated) {
    return (
      <Modal
        opened={lesson !== null}
        onClose={() => navigate(props.closeTo, { preventScrollReset: true })}
        title={title}
        size="lg"
        // The form's own Cancel closes it.
        withCloseButton={false}
      >
        {fields}
      </Modal>
    );
  }
  if (fields === null) return null;
  return (
    <Paper withBorder p="xl" mt="xl">
      <Title order={3} mb="md">
        {title}
      </Title>
      {fields}
    </Paper>
  );
}
