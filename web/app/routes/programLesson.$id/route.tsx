import { Alert, Button, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { LessonList } from '~/components/lessons/lesson-list';
import { LessonView } from '~/components/lessons/lesson-view';
import { ProgressBar } from '~/components/lessons/progress';
import { MESSAGES } from '~/utils/messages';
import { sessionAction, sessionLoader } from '~/utils/route.server';
import { lessonPlayerAction, type LessonPlayerData, loadLessonPlayer } from './lesson-player.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Get-Fit | ${data.program.program_name} lessons` : 'Get-Fit | Lessons' },
];

export const loader = sessionLoader((args: LoaderFunctionArgs) => loadLessonPlayer(args));

export const action = sessionAction((args: ActionFunctionArgs) => lessonPlayerAction(args));

function Finished({ programId }: { programId: number }) {
  return (
    <Paper withBorder p="xl" ta="center">
      <Title order={2} mb="md">
        {MESSAGES.lessonsFinished}
      </Title>
      <Group justify="center">
        <Button component={Link} to="/trainerDashboard?view=subscribed">
          Back to my programmes
        </Button>
        <Button component={Link} to={`/programDetails/${programId}`} variant="default">
          Programme details
        </Button>
      </Group>
    </Paper>
  );
}

function Player({ data }: { data: LessonPlayerData }) {
  const { lessons, member, position, confirming, program } = data;
  if (position.kind === 'empty') return <Text c="dimmed">This programme has no lessons yet.</Text>;
  if (position.kind === 'end') return <Finished programId={program.id} />;
  const lesson = lessons[position.index];
  return (
    <LessonView
      lesson={lesson}
      previous={lessons[position.index - 1] ?? null}
      next={lessons[position.index + 1] ?? null}
      member={member ? { completed: member.completed.includes(lesson.number) } : null}
      confirming={confirming}
    />
  );
}

export default function ProgramLessonRoute() {
  const data = useLoaderData<typeof loader>();
  const { program, member, lessons, position } = data;
  return (
    <Container size="xl" py="xl">
      <Stack gap="xs" mb="lg">
        <Title order={1}>{program.program_name}</Title>
        {member ? (
          <Group justify="space-between" align="flex-end">
            <Text fw={600}>
              Day {member.day} of {program.duration}
            </Text>
            <div style={{ flex: '0 1 320px' }}>
              <ProgressBar percentage={member.percentage} label="Lessons completed" />
            </div>
          </Group>
        ) : (
          <Alert color="blue" variant="light">
            Preview: subscribers see these lessons with their progress.
          </Alert>
        )}
      </Stack>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <LessonList
            lessons={lessons}
            completed={member?.completed ?? []}
            currentIndex={position.kind === 'lesson' ? position.index : null}
            todayIndex={member?.todayIndex ?? null}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Player data={data} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
