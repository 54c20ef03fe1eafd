import type { FollowedProgram } from '@fitcoach/contracts';
import { Alert, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Form, Link, useLocation } from '@remix-run/react';
import { useId } from 'react';
import { ProgrammeCover } from '~/components/catalogue/programme-card';
import { SubmitButton } from '~/components/forms/form-actions';
import { UrlDialog } from '~/components/layout/url-dialog';
import { ProgressCircle } from '~/components/lessons/progress';
import type { FormRejection } from '~/types/form';
import { INTENTS } from '~/utils/dashboard';
import { lessonPlayerPath } from '~/utils/lessons';
import { MESSAGES } from '~/utils/messages';
import type { SubscribedData } from '~/routes/trainerDashboard/subscriptions.server';
import { subscribedSearch } from '~/utils/subscriptions';

/**
 * docs/product.md §2/§4 'Warning': leaving a programme is confirmed first. The question is a state of the URL
 * (`?unsubscribe=<id>`), so it works without JavaScript.
 */
function ConfirmUnsubscribe({ programme, opened }: { programme: FollowedProgram; opened: boolean }) {
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
          <input type="hidden" name="program" value={programme.id} />
          <SubmitButton color="red">Unsubscribe</SubmitButton>
        </Form>
        <Button component={Link} to={closeTo} variant="default" preventScrollReset>
          Cancel
        </Button>
      </Group>
    </UrlDialog>
  );
}

function FollowedCard({ programme, confirming }: { programme: FollowedProgram; confirming: boolean }) {
  const { pathname } = useLocation();
  const headingId = useId();
  const details = `/programDetails/${programme.id}`;
  return (
    <Card component="article" aria-labelledby={headingId} withBorder padding="lg">
      {/* The cover repeats the name's link for the pointer only: one link per card for keyboards and readers. */}
      <Card.Section component={Link} to={details} tabIndex={-1} aria-hidden="true">
        <ProgrammeCover programme={programme} />
      </Card.Section>
      <Group justify="space-between" align="flex-start" mt="md" wrap="nowrap">
        <Stack gap={4}>
          <Title order={3} size="h4" id={headingId}>
            <Link to={details}>{programme.program_name}</Link>
          </Title>
          <Text size="sm">Trainer: {programme.trainer_name}</Text>
          <Text size="sm" c="dimmed">
            {programme.category}
          </Text>
        </Stack>
        <ProgressCircle percentage={programme.progress} label={`Progress in ${programme.program_name}`} />
      </Group>
      <Group mt="md" grow>
        {/* The lesson player opens on the next unfinished lesson by itself. */}
        <Button
          component={Link}
          to={lessonPlayerPath(programme.id)}
          aria-label={`Continue ${programme.program_name}`}
        >
          Continue
        </Button>
        <Button
          component={Link}
          to={pathname + subscribedSearch(programme.id)}
          preventScrollReset
          variant="default"
          aria-label={`Unsubscribe from ${programme.program_name}`}
        >
          Unsubscribe
        </Button>
      </Group>
      <ConfirmUnsubscribe programme={programme} opened={confirming} />
    </Card>
  );
}

/** docs/product.md §2.8 Subscribed Programmes: the member's followed programmes, with their progress. */
export function SubscribedProgrammes({
  data,
  result,
}: {
  data: SubscribedData | null;
  result: FormRejection | undefined;
}) {
  const programmes = data?.programmes ?? null;
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
      {programmes === null ? (
        <Alert color="red">Sorry Something went wrong</Alert>
      ) : programmes.length === 0 ? (
        <Paper withBorder p="xl">
          <Text c="dimmed" mb="md">
            You have not subscribed to any programme yet.
          </Text>
          <Button component={Link} to="/programmes">
            Find Programmes
          </Button>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {programmes.map((programme) => (
            <FollowedCard
              key={programme.id}
              programme={programme}
              confirming={data?.confirmUnsubscribe === programme.id}
            />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
