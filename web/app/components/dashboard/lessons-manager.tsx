import type { LessonResponse, ProgramResponse } from '@fitcoach/contracts';
import { Alert, Anchor, Button, Group, Table, Text, Title } from '@mantine/core';
import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import type { FormRejection } from '~/types/form';
import { INTENTS, viewSearch } from '~/utils/dashboard';
import { LessonEditor } from './lesson-form';

interface LessonsManagerProps {
  program: ProgramResponse;
  lessons: LessonResponse[] | null;
  openLesson: 'new' | number | null;
  result: FormRejection | undefined;
}

function DeleteLessonButton({ program, lesson }: { program: ProgramResponse; lesson: LessonResponse }) {
  const navigation = useNavigation();
  const deleting =
    navigation.formData?.get('intent') === INTENTS.deleteLesson &&
    navigation.formData.get('lesson') === String(lesson.id);
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        // With JavaScript the trainer confirms first; without it the button deletes, like any form.
        if (!window.confirm(`Delete the lesson "${lesson.title}"?`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={INTENTS.deleteLesson} />
      <input type="hidden" name="program" value={program.id} />
      <input type="hidden" name="lesson" value={lesson.id} />
      <Button
        type="submit"
        size="xs"
        color="red"
        variant="light"
        loading={deleting}
        aria-label={`Delete ${lesson.title}`}
      >
        Delete
      </Button>
    </Form>
  );
}

/** docs/product.md §2.8 Lessons manager. */
export function LessonsManager({ program, lessons, openLesson, result }: LessonsManagerProps) {
  const { pathname } = useLocation();
  const lessonsPath = (lesson: 'new' | number | null) =>
    pathname + viewSearch({ name: 'lessons', programId: program.id, lesson });
  const editing = typeof openLesson === 'number' ? lessons?.find((lesson) => lesson.id === openLesson) : null;
  const nextNumber = Math.max(0, ...(lessons ?? []).map((lesson) => lesson.number)) + 1;

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={2}>{program.program_name}</Title>
        <Group gap="sm">
          <Button component={Link} to={pathname + viewSearch({ name: 'programmes' })} variant="default">
            Back
          </Button>
          <Button component={Link} to={lessonsPath('new')} preventScrollReset>
            Add Lesson +
          </Button>
        </Group>
      </Group>
      {lessons === null ? (
        <Alert color="red">Sorry Something went wrong</Alert>
      ) : lessons.length === 0 ? (
        <Text c="dimmed">This programme has no lessons yet. Press "Add Lesson +" to add the first.</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Lesson</Table.Th>
                <Table.Th>Video</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lessons.map((lesson) => (
                <Table.Tr key={lesson.id}>
                  <Table.Td>
                    {lesson.number}. {lesson.title}
                  </Table.Td>
                  <Table.Td maw={320} style={{ overflowWrap: 'anywhere' }}>
                    {lesson.video_url ? (
                      <Anchor href={lesson.video_url} target="_blank" rel="noreferrer">
                        {lesson.video_url}
                      </Anchor>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        component={Link}
                        to={lessonsPath(lesson.id)}
                        preventScrollReset
                        size="xs"
                        variant="default"
                        aria-label={`Edit ${lesson.title}`}
                      >
                        Edit
                      </Button>
                      <DeleteLessonButton program={program} lesson={lesson} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LessonEditor
        programId={program.id}
        lesson={openLesson === 'new' ? 'new' : (editing ?? null)}
        nextNumber={nextNumber}
        result={result}
        closeTo={lessonsPath(null)}
      />
    </>
  );
}
