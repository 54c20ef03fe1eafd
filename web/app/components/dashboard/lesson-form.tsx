import { type LessonResponse, TEXT_MAX_LENGTH } from '@fitcoach/contracts';
import { Button, Group, Modal, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { Form, Link, useNavigate, useNavigation } from '@remix-run/react';
import { FileField } from '~/components/forms/file-field';
import type { FormRejection } from '~/types/form';
import { INTENTS } from '~/utils/dashboard';
import { useHydrated } from '~/utils/use-hydrated';

interface LessonFormProps {
  programmeId: number;
  /** The lesson being edited, 'new' for a new one. */
  lesson: LessonResponse | 'new';
  /** The number a new lesson gets unless the trainer types another. */
  nextNumber: number;
  result: FormRejection | undefined;
  /** Where closing the form goes: the lessons manager. */
  closeTo: string;
}

function LessonFields({ programmeId, lesson, nextNumber, result, closeTo }: LessonFormProps) {
  const saving = useNavigation().state === 'submitting';
  const editing = lesson === 'new' ? null : lesson;
  const values = {
    title: editing?.title ?? '',
    lesson_number: String(editing?.number ?? nextNumber),
    video_url: editing?.video_url ?? '',
    description: editing?.description ?? '',
    ...result?.values,
  };
  const errors = result?.errors ?? {};
  return (
    <Form method="post" encType="multipart/form-data">
      <input type="hidden" name="intent" value={INTENTS.saveLesson} />
      <input type="hidden" name="program" value={programmeId} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <Stack>
        <TextInput
          label="Title"
          name="title"
          required
          maxLength={TEXT_MAX_LENGTH.lessonTitle}
          defaultValue={values.title}
          error={errors.title}
        />
        <TextInput
          label="Lesson Number"
          name="lesson_number"
          type="number"
          step={1}
          min={1}
          required
          defaultValue={values.lesson_number}
          error={errors.lesson_number}
        />
        <TextInput
          label="Youtube URL"
          name="video_url"
          type="url"
          placeholder="https://www.youtube.com/watch?v=..."
          required
          defaultValue={values.video_url}
          error={errors.video_url}
        />
        <FileField
          name="image"
          label="Image"
          description={editing?.image ? 'Leave empty to keep the current image.' : undefined}
          error={errors.image}
        />
        <Textarea
          label="Description"
          name="description"
          autosize
          minRows={3}
          maxLength={TEXT_MAX_LENGTH.description}
          defaultValue={values.description}
          error={errors.description}
        />
        <Group justify="flex-end">
          <Button component={Link} to={closeTo} variant="default" preventScrollReset>
            X
          </Button>
          <Button type="submit" loading={saving}>
            {editing ? 'Save Lesson' : 'Add Lesson'}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

type LessonEditorProps = Omit<LessonFormProps, 'lesson'> & {
  /** The lesson whose form is open (`&lesson=`), or null when it is closed. */
  lesson: LessonFormProps['lesson'] | null;
};

/** SPEC §2 "Add Lesson": a modal with JavaScript, the same form in the page without it. */
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
        // The form's own "X" closes it, as in the original.
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
