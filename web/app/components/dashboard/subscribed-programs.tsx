import type { FollowedProgram, ScheduleDay } from '@fitcoach/contracts';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Form, Link, useLocation } from '@remix-run/react';
import { useId } from 'react';
import { FIRST_ROW } from '~/components/catalogue/catalogue-list';
import { NoProgrammesYet } from '~/components/dashboard/placeholders';
import { ProgramCover } from '~/components/catalogue/program-card';
import { SubmitButton } from '~/components/forms/form-actions';
import { UrlDialog } from '~/components/layout/url-dialog';
import { ProgressCircle } from '~/components/lessons/progress';
import { ScheduleCalendar } from '~/components/schedule/schedule-calendar';
import type { FormRejection } from '~/types/form';
import { INTENTS } from '~/utils/dashboard';
import { lessonPlayerPath } from '~/utils/lessons';
import { MESSAGES } from '~/utils/messages';
import type { SubscribedData } from '~/routes/_app.trainerDashboard/subscriptions.server';
import { subscribedSearch } from '~/utils/subscriptions';

/** Leaving is confirmed first as a state of the URL (`?unsubscribe=<id>`), so it works without JavaScript. */
function ConfirmUnsubscribe({ program, opened }: { program: FollowedProgram; opened: boolean }) {
  const { pathname } = useLocation();
  const closeTo = pathname + subscribedSearch();
  return (
    <UrlDialog opened={opened} title={MESSAGES.confirmUnsubscribe} closeTo={closeTo}>
      <Text size="sm" mb="md">
        {MESSAGES.payAgain}
      </Text>
      <Group>
        <Form method="post">
          <input type="hidden" name="intent" value={INTENTS.unsubscribe} />
          <input type="hidden" name="program" value={program.id} />
          <SubmitButton color="red">Unsubscribe</SubmitButton>
        </Form>
        <Button component={Link} to={closeTo} variant="default" preventScrollReset>
          Cancel
        </Button>
      </Group>
    </UrlDialog>
  );
}

const FILL = { flex: '1 1 auto' } as const;

interface FollowedCardProps {
  program: FollowedProgram;
  confirming: boolean;
  lazy: boolean;
  calendar: ScheduleDay[] | undefined;
}

function FollowedCard({ program, confirming, lazy, calendar }: FollowedCardProps) {
  const { pathname } = useLocation();
  const headingId = useId();
  const details = `/programDetails/${program.id}`;
  return (
    <Card component="article" aria-labelledby={headingId} withBorder padding="lg">
      {/* The cover repeats the name's link for the pointer only: one link per card for keyboards and readers. */}
      <Card.Section component={Link} to={details} tabIndex={-1} aria-hidden="true">
        <ProgramCover program={program} lazy={lazy} />
      </Card.Section>
      <Group justify="space-between" align="flex-start" mt="md" wrap="nowrap">
        <Stack gap={4}>
          <Title order={3} size="h4" id={headingId}>
            <Link to={details}>{program.program_name}</Link>
          </Title>
          <Text size="sm">Trainer: {program.trainer_name}</Text>
          <Text size="sm" c="dimmed">
            {program.category}
          </Text>
        </Stack>
        <ProgressCircle percentage={program.progress} label={`Progress in ${program.program_name}`} />
      </Group>
      {program.today_lesson !== null ? (
        <Text fw={700} mt="sm">
          Today: Lesson {program.today_lesson}
        </Text>
      ) : null}
      {calendar && calendar.length > 0 ? (
        <Stack gap={4} mt="sm">
          <Text size="sm" fw={500}>
            Your days
          </Text>
          <ScheduleCalendar days={calendar} label={`Your days in ${program.program_name}`} />
        </Stack>
      ) : null}
      {/* Buttons wrap to their own lines: Group's grow would cap each at half the row and clip "Unsubscribe". */}
      <Group mt="md" gap="sm">
        {/* The lesson player opens on the next unfinished lesson by itself. */}
        <Button
          component={Link}
          to={lessonPlayerPath(program.id)}
          aria-label={`Continue ${program.program_name}`}
          style={FILL}
        >
          Continue
        </Button>
        <Button
          component={Link}
          to={pathname + subscribedSearch(program.id)}
          preventScrollReset
          variant="default"
          aria-label={`Unsubscribe from ${program.program_name}`}
          style={FILL}
        >
          Unsubscribe
        </Button>
      </Group>
      <ConfirmUnsubscribe program={program} opened={confirming} />
    </Card>
  );
}

/** docs/product.md §2.8 Subscribed Programmes: the member's followed programmes, their progress and calendars. */
export function SubscribedPrograms({
  data,
  result,
}: {
  data: SubscribedData | null;
  result: FormRejection | undefined;
}) {
  const programs = data?.programs ?? null;
  return (
    <section aria-labelledby="subscribed-programmes">
      <Title order={2} id="subscribed-programmes" mb="md">
        Subscribed Programmes
      </Title>
      {result ? (
        <Alert color="red" mb="md">
          {result.toast.message}
        </Alert>
      ) : null}
      {programs === null ? (
        <Alert color="red">Sorry Something went wrong</Alert>
      ) : programs.length === 0 ? (
        <NoProgrammesYet message="You have not subscribed to any programme yet." />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {programs.map((program, index) => (
            <FollowedCard
              key={program.id}
              program={program}
              lazy={index >= FIRST_ROW}
              confirming={data?.confirmUnsubscribe === program.id}
              calendar={data?.calendars[program.subscription_id]}
            />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
